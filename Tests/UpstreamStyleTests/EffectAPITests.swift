import ComposableArchitecture
import Testing
import XCTest

// Effects as upstream's documentation writes them: cancellation by identifier from inside an
// effect, debouncing on a clock, and sending with an animation. The debounced search then
// cancels its in-flight searches with the debounce's own id, as upstream's search case study
// does: the search the debounce delivered must not cancel itself.

@Reducer
private struct Search {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var searches = 0
  }
  enum Action: Equatable {
    case queryChanged(String)
    case searchResponse([String])
    case cancelTapped
    case cancelFromInsideTapped
    case debouncedQueryChanged(String)
    case searchQueryChanged(String)
    case search
  }
  enum CancelID { case search, debounce }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
            try await clock.sleep(for: .seconds(1))
            await send(.searchResponse([query, query.uppercased()]), animation: .default)
          }
        }
      case let .searchResponse(results):
        state.results = results
        state.searches += 1
        return .none
      case .cancelTapped:
        return .cancel(id: CancelID.search)
      case .cancelFromInsideTapped:
        return .run { _ in
          Task.cancel(id: CancelID.search)
        }
      case let .debouncedQueryChanged(query):
        state.query = query
        return .run { send in
          await send(.searchResponse([query]))
        }
        .debounce(id: CancelID.debounce, for: .milliseconds(300), clock: clock)
      case let .searchQueryChanged(query):
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
      }
    }
  }
}

@MainActor
final class EffectAPIXCTests: XCTestCase {
  func testWithTaskCancellationCancelsTheOperationInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    await clock.advance(by: .milliseconds(500))
    await store.send(.queryChanged("bl")) { $0.query = "bl" }
    await clock.advance(by: .seconds(1))
    await store.receive(.searchResponse(["bl", "BL"])) {
      $0.results = ["bl", "BL"]
      $0.searches = 1
    }
  }

  func testEffectCancelStopsAWithTaskCancellationOperation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    await store.send(.cancelTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  func testTaskCancelFromAnotherEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    await store.send(.cancelFromInsideTapped)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  func testDebounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.debouncedQueryChanged("b")) { $0.query = "b" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.debouncedQueryChanged("bl")) { $0.query = "bl" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.debouncedQueryChanged("blo")) { $0.query = "blo" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["blo"])) {
      $0.results = ["blo"]
      $0.searches = 1
    }
  }
}

@MainActor
struct DebouncedSearchTests {
  @Test func aSearchTheDebounceDeliveredIsNotCancelledByItsOwnID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.searchQueryChanged("c")) { $0.query = "c" }
    await store.send(.searchQueryChanged("co")) { $0.query = "co" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.search)
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.searchResponse) {
      $0.results = ["co"]
      $0.searches = 1
    }
  }
}

struct TaskCancellationTests {
  @Test func withTaskCancellationOutsideAStoreIsProcessWide() async {
    let started = AsyncStream.makeStream(of: Void.self)
    let task = Task {
      await withTaskCancellation(id: "outside-a-store") {
        started.continuation.yield()
        do {
          try await Task.sleep(for: .seconds(60))
          return false
        } catch {
          return true
        }
      }
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    Task.cancel(id: "outside-a-store")
    #expect(await task.value)
  }

  @Test func cancelInFlightCancelsTheOlderOperation() async {
    let started = AsyncStream.makeStream(of: Void.self)
    let first = Task {
      try await withTaskCancellation(id: 42, cancelInFlight: true) {
        started.continuation.yield()
        try await Task.sleep(for: .seconds(60))
        return "first"
      }
    }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    let second = await withTaskCancellation(id: 42, cancelInFlight: true) {
      "second"
    }
    #expect(second == "second")
    await #expect(throws: CancellationError.self) { try await first.value }
  }

  @Test func aDebounceOfNoEffectIsNoEffect() async {
    let store = await TestStore(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return Effect<Void>.none.debounce(id: "none", for: .seconds(1), clock: ImmediateClock())
      }
    }
    await store.send(()) { $0 = 1 }
  }
}
