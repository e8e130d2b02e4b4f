import ComposableArchitecture
import Testing
import XCTest

// A test store may be created, used and released in any isolation, as upstream's is: these
// tests run off the main actor, where the last reference is dropped on a cooperative thread.

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var isTicking = false
  }
  enum Action: Equatable {
    case increment
    case startTapped
    case stopTapped
    case tick
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTapped:
        state.isTicking = true
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.timer)
      case .stopTapped:
        state.isTicking = false
        return .cancel(id: CancelID.timer)
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

final class TestStoreOffMainActorXCTests: XCTestCase {
  func testASendOffTheMainActor() async {
    let store = await TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    await store.send(.increment) {
      $0.count = 1
    }
    let count = await store.state.count
    XCTAssertEqual(count, 1)
  }

  func testATimerOffTheMainActor() async {
    let clock = TestClock()
    let store = await TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTapped) {
      $0.isTicking = true
    }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) {
      $0.count = 1
    }
    await store.receive(.tick) {
      $0.count = 2
    }
    await store.send(.stopTapped) {
      $0.isTicking = false
    }
  }

  func testTheMainSerialExecutorIsOnForTheStoresLifetimeAndPutBack_False() async {
    uncheckedUseMainSerialExecutor = false
    var store: TestStore? = await TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    _ = store
  }

  func testTheMainSerialExecutorIsOnForTheStoresLifetimeAndPutBack_True() async {
    uncheckedUseMainSerialExecutor = true
    var store: TestStore? = await TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    store = nil
    XCTAssertTrue(uncheckedUseMainSerialExecutor)
    _ = store
    uncheckedUseMainSerialExecutor = false
  }
}

@MainActor
final class TestStoreOnMainActorXCTests: XCTestCase {
  func testASendOnTheMainActor() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    await store.send(.increment) {
      $0.count = 1
    }
    XCTAssertEqual(store.state.count, 1)
  }

  func testUseMainSerialExecutorCanBeTurnedOff() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    XCTAssertTrue(store.useMainSerialExecutor)
    store.useMainSerialExecutor = false
    XCTAssertFalse(uncheckedUseMainSerialExecutor)
    store.useMainSerialExecutor = true
  }
}

struct TestStoreOffMainActorTests {
  @Test func aStoreReleasedOffTheMainActorStillReportsItsRunningEffects() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = await TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTapped) {
        $0.isTicking = true
      }
    } matching: { issue in
      message(of: issue).hasPrefix(
        "An effect returned for this action is still running. It must complete before the end of "
          + "the test. …")
    }
  }

  @Test func aStoreReleasedOffTheMainActorStillReportsUnreceivedActions() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = await TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTapped) {
        $0.isTicking = true
      }
      await clock.advance(by: .seconds(1))
      await store.send(.stopTapped) {
        $0.isTicking = false
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Must handle 1 received action before sending an action: …")
        || text.hasPrefix("State was not expected to change, but a change occurred: …")
        || text.hasPrefix("A state change does not match expectation: …")
        || text.hasPrefix("The store received 1 unexpected action by the end of this test: …")
    }
  }

  @Test func manyStoresComeAndGoFromDetachedTasks() async {
    await withTaskGroup(of: Int.self) { group in
      for index in 0..<20 {
        group.addTask {
          let store = await TestStore(initialState: Ticker.State(count: index)) {
            Ticker()
          }
          await store.send(.increment) {
            $0.count = index + 1
          }
          return await store.state.count
        }
      }
      var total = 0
      for await count in group { total += count }
      #expect(total == (1...20).reduce(0, +))
    }
  }

  @MainActor
  @Test func aStoreOnTheMainActorStillReportsItsRunningEffects() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startTapped) {
        $0.isTicking = true
      }
    } matching: { issue in
      message(of: issue).contains("An effect returned for this action is still running.")
    }
  }
}
