import ComposableArchitecture
import Testing

// A search field debounced with one id, whose search then cancels its in-flight searches with
// the same id (upstream's search case study): the search the debounce delivered must not
// cancel itself.

@Reducer
private struct DebouncedSearch {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action: Equatable {
    case queryChanged(String)
    case search
    case searchResponse([String])
  }
  enum CancelID { case search }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .send(.search)
          .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .search:
        let query = state.query
        return .run { send in
          try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
            try await clock.sleep(for: .milliseconds(100))
            await send(.searchResponse([query]))
          }
        }
      case let .searchResponse(results):
        state.results = results
        return .none
      }
    }
  }
}

@MainActor
struct DebouncedSearchTests {
  @Test func aSearchTheDebounceDeliveredIsNotCancelledByItsOwnID() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("c")) { $0.query = "c" }
    await store.send(.queryChanged("co")) { $0.query = "co" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.search)
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.searchResponse) { $0.results = ["co"] }
  }
}
