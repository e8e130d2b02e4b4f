import ComposableArchitecture

extension NavigationStack {
  /// Creates a stack driven by a stack store: each element of its `StackState` pushes a screen
  /// built by `destination` from the element's store, Esc sends `.popFrom(id:)`, and a
  /// `NavigationLink` carrying a `State` pushes it with `.push(id:state:)`.
  ///
  /// For example:
  ///
  /// <!-- context: tui-sign-up-flow -->
  /// ```swift
  /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
  ///   WelcomeView(store: store)
  /// } destination: { store in
  ///   switch store.case {
  ///   case let .basics(store): BasicsView(store: store)
  ///   case let .summary(store): SummaryView(store: store)
  ///   }
  /// }
  /// ```
  public init<State, Action>(
    path: Store<StackState<State>, StackAction<State, Action>>,
    @ViewBuilder root: @escaping @MainActor () -> Group,
    @ViewBuilder destination: @escaping @MainActor (Store<State, Action>) -> Group
  ) {
    let ids: @MainActor () -> [StackElementID] = { Array(path.withState(\.ids)) }
    let element: @MainActor (StackElementID) -> Group? = { id in
      guard let store = path.scope(state: \.[id: id], action: \.[id: id]) else { return nil }
      return destination(store)
    }
    let popFrom: @MainActor (StackElementID) -> Void = { id in path.send(.popFrom(id: id)) }
    let push: @MainActor (State) -> Void = { element in path.push(element) }
    self.init(
      ids: ids, destination: element, popFrom: popFrom, push: push,
      identity: ObjectIdentifier(path), root: root)
  }
}
