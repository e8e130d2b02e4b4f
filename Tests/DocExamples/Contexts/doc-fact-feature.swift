// A counter that fetches a fact about its count after a second, and its view.
@Reducer
struct FactFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }
  enum Action: Equatable {
    case factButtonTapped
    case factResponse(String)
    case incrementButtonTapped
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .factButtonTapped:
        state.isLoading = true
        return .run { [count = state.count, clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.factResponse("\(count) is a good number."))
        }
      case let .factResponse(fact):
        state.isLoading = false
        state.fact = fact
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

struct FactView: View {
  let store: StoreOf<FactFeature>
  var body: some View {
    VStack {
      Text("Count: \(store.count)")
      Text(store.fact ?? "")
    }
  }
}
