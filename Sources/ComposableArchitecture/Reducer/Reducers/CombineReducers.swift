/// Groups reducers so that modifiers apply to all of them.
///
/// <!-- context: core-parent-feature, core-reducer-body -->
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: \.counter) { CounterFeature() }
///   Reduce { state, action in .none }
/// }
/// .ifLet(\.child, action: \.child) { Child() }
/// ```
///
/// This is S1's `combine`: every listed reducer runs, in order, on the same state.
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
