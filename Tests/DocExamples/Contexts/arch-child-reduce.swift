// A parent that runs its child counter by hand; the example handles the child's actions.
@Reducer
struct ParentFeature {
  @ObservableState
  struct State: Equatable { var child = CounterFeature.State() }
  enum Action { case child(CounterFeature.Action) }
  let child = CounterFeature()

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .child(action):
        // example
      }
    }
  }
}
