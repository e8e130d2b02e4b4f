/// Applies binding actions to state.
///
/// <!-- context: arch-form-body -->
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.email): return .send(.validateEmail)
///     case .binding: return .none
///     case .validateEmail:
///       state.isEmailValid = state.email.contains("@")
///       return .none
///     }
///   }
/// }
/// ```
///
/// List it before the reducers that react to the new values. A feature whose binding actions
/// are view actions (`case view(View)`, with `View: BindableAction`) names where they are:
/// `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  let toViewAction: (Action) -> ViewAction?

  /// A reducer that applies the binding actions of `Action` itself.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// A reducer that applies the binding actions found in the `toViewAction` case of `Action`,
  /// as in `BindingReducer(action: \.view)`.
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.toViewAction = { $0[case: toViewAction] }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.set(&state)
    return .none
  }
}
