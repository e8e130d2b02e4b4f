// A counter with a single action, whose `body` is the example.
@Reducer
struct Counter {
  @ObservableState
  struct State {
    var count = 0
  }
  enum Action {
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    // example
  }
}
