import ComposableArchitecture
import Testing
import XCTest

// Upstream's "no change" rule with shared state (its case studies' shared counts): a step whose
// reducer wrote a shared value, even the value it held, is not "Expected state to change".

@Reducer
private struct Stats {
  @ObservableState
  struct State: Equatable {
    @Shared(.inMemory("no-change-count")) var count = 0
  }
  enum Action {
    case decrementButtonTapped
    case incrementButtonTapped
    case noop
    case resetLater
    case resetStatsButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.$count.withLock { $0 -= 1 }
        return .none
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .noop:
        return .none
      case .resetLater:
        return .send(.resetStatsButtonTapped)
      case .resetStatsButtonTapped:
        state.$count.withLock { $0 = 0 }
        return .none
      }
    }
  }
}

@MainActor
struct SharedNoChangeTests {
  @Test func sharedCounts() async {
    let store = TestStore(initialState: Stats.State()) {
      Stats()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
    await store.send(.resetStatsButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
    await store.send(.resetLater)
    await store.receive(\.resetStatsButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
  }

  @Test func aStepThatWroteNothingIsStillExpectedToChange() async {
    let store = TestStore(initialState: Stats.State()) {
      Stats()
    }
    await withKnownIssue {
      await store.send(.noop) {
        $0.$count.withLock { $0 = 0 }
      }
    } matching: { issue in
      message(of: issue).hasPrefix("Expected state to change, but no change occurred.")
    }
  }
}

final class SharedNoChangeOffMainActorXCTests: XCTestCase {
  func testResettingAResetCountOffTheMainActor() async {
    let store = await TestStore(initialState: Stats.State()) {
      Stats()
    }
    await store.send(.resetStatsButtonTapped) {
      $0.$count.withLock { $0 = 0 }
    }
  }
}
