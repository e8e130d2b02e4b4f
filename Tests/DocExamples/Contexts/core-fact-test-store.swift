// A test `store` of a feature that fetches a fact about its count: `.factResponse` brings it.
@Reducer
struct NumberFact {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: Equatable {
    case factButtonTapped
    case factResponse(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .factButtonTapped:
        return .run { [count = state.count] send in
          await send(.factResponse("\(count) is a good number."))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      }
    }
  }
}

let store = TestStore(initialState: NumberFact.State()) { NumberFact() }
