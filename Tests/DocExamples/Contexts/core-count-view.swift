// A counter's view, whose `body` is the example.
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case decrementButtonTapped
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped: state.count -= 1
      case .incrementButtonTapped: state.count += 1
      }
      return .none
    }
  }
}

struct CounterView: View {
  let store: StoreOf<Counter>
  var body: some View {
    // example
  }
}
