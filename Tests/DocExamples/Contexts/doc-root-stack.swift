// A root feature with a stack of counters (the navigation article's `Root`).
@Reducer
struct Root {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Counter.State>()
  }
  enum Action {
    case path(StackActionOf<Counter>)
    case pushButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushButtonTapped = action { state.path.append(Counter.State()) }
      return .none
    }
    .forEach(\.path, action: \.path) { Counter() }
  }
}
