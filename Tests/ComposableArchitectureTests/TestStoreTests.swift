import ComposableArchitecture
import Foundation
import Testing

@MainActor
struct TestStoreTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var count = 0
      var isLoading = false
    }
    @CasePathable
    enum Action: Equatable {
      case increment
      case noop
      case load
      case loaded(Int)
      case sendTwice
      case sendNoop
      case first
      case second
      case startForever
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .noop:
        return .none
      case .load:
        state.isLoading = true
        return .run { send in await send(.loaded(42)) }
      case let .loaded(value):
        state.isLoading = false
        state.count = value
        return .none
      case .sendTwice:
        return .merge(.send(.first), .send(.second))
      case .sendNoop:
        return .send(.noop)
      case .first, .second:
        state.count += 1
        return .none
      case .startForever:
        return .run { _ in try await clock.sleep(for: .seconds(1_000)) }
      }
    }
  }

  // MARK: - Passing flows

  @Test func assertedChangesPass() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    #expect(store.state.count == 42)
  }

  @Test func receiveByCaseKeyPathAndValue() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(\.loaded, 42) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(\.loaded) { $0.isLoading = false }
  }

  @Test func receiveByPredicate() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    await store.receive({ $0.is(\.loaded) }, timeout: .seconds(1)) {
      $0.isLoading = false
      $0.count = 42
    }
  }

  @Test func assertChecksTheCurrentState() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.increment) { $0.count = 1 }
    store.assert { $0.count = 1 }
  }

  // MARK: - Exhaustive failures

  @Test func anUnassertedStateChangeFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State was not expected to change, but a change occurred")
        && text.contains("−   count: 0")
        && text.contains("+   count: 1")
        && text.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func anAssertionThatDoesNotMatchFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("A state change does not match expectation")
        && text.contains("−   count: 2")
        && text.contains("+   count: 1")
    }
  }

  @Test func anExpectedChangeThatDidNotHappenFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.send(.noop) { $0.count = 0 }
    } matching: { issue in
      message(of: issue).contains("Expected state to change, but no change occurred")
    }
  }

  @Test func receivedActionsMustBeHandledBeforeTheNextSend() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwice)
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      let text = message(of: issue)
      // As upstream: the send is checked against the state last asserted, so the changes of the
      // actions not yet received show as unexpected too.
      return text.contains("Must handle 2 received actions before sending an action")
        && text.contains(".first") && text.contains(".second")
        || text.contains("State was not expected to change") && text.contains("+   count: 2")
    }
    // The actions stay queued, and the state the test asserts from is still the asserted one.
    await store.receive(.first) { $0.count = 1 }
    await store.receive(.second) { $0.count = 2 }
    await store.send(.increment) { $0.count = 3 }
  }

  @Test func aReceivedActionThatChangedNothingMustStillBeHandledBeforeTheNextSend() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendNoop)
    // Nothing changes state here: the one failure is the unhandled action.
    await withKnownIssue {
      await store.send(.noop)
    } matching: { issue in
      message(of: issue).contains("Must handle 1 received action before sending an action")
    }
    await store.receive(.noop)
  }

  @Test func actionsNotReceivedByTheEndOfTheTestFail() async {
    await withKnownIssue {
      let store = TestStore(initialState: Feature.State()) { Feature() }
      await store.send(.sendTwice)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("The store received 2 unexpected actions by the end of this test")
    }
  }

  @Test func effectsStillRunningAtTheEndOfTheTestFail() async {
    let clock = TestClock()
    let sendLine = LockIsolated(0)
    await withKnownIssue {
      let store = TestStore(initialState: Feature.State()) {
        Feature()
      } withDependencies: {
        $0.continuousClock = clock
      }
      sendLine.setValue(#line + 1)
      await store.send(.startForever)
    } matching: { issue in
      // Reported where the test sent the action that started the effect, as upstream does.
      message(of: issue).hasPrefix("An effect returned for this action is still running.")
        && issue.sourceLocation?.line == sendLine.value
    }
  }

  @Test func aReceivedActionThatDoesNotMatchFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.load) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(.loaded(7)) {
        $0.isLoading = false
        $0.count = 42
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Received unexpected action")
        && text.contains("loaded(7)") && text.contains("loaded(42)")
        && text.contains("(Expected: −, Received: +)")
    }
  }

  @Test func aReceivedActionOfAnotherCaseFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwice)
    await withKnownIssue {
      await store.receive(\.second) { $0.count = 1 }
    } matching: { issue in
      message(of: issue).contains("It does not match the expected case")
    }
    await store.receive(\.second) { $0.count = 2 }
  }

  @Test func receivingWhenNothingArrivesTimesOut() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.receive(.loaded(1), timeout: .milliseconds(50))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Expected to receive an action, but received none")
        && text.contains("There are no in-flight effects that could deliver this action.")
    }
  }

  @Test func finishReportsEffectsStillRunningAfterTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startForever)
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      message(of: issue).contains("Expected effects to finish, but there are still effects")
    }
  }

  @Test func taskFinishReportsATaskStillRunningAfterTheTimeout() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.startForever)
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      message(of: issue).contains("Expected task to finish, but it is still in-flight")
    }
    await task.cancel()
    #expect(task.isCancelled)
  }

  @Test func assertingAThrowingClosureReportsTheError() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.send(.increment) { _ in throw Oops() }
    } matching: { issue in
      message(of: issue).contains("Threw error: Oops()")
    }
  }

  // MARK: - Skipping

  @Test func skipReceivedActionsMovesTheStateOn() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.sendTwice)
    await store.skipReceivedActions()
    #expect(store.state.count == 2)
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      message(of: issue).contains("There were no received actions to skip")
    }
    await store.skipReceivedActions(strict: false)
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startForever)
    await store.skipInFlightEffects()
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      message(of: issue).contains("There were no in-flight effects to skip")
    }
  }

  // MARK: - Non-exhaustive

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.load)
    await store.receive(.loaded(42)) { $0.count = 42 }
    await store.send(.increment)
    await store.send(.sendTwice)
    await store.receive(.second) { $0.count = 45 }
    await store.send(.load)
  }

  @Test func nonExhaustiveStoresStillFailOnAWrongAssertion() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      message(of: issue).contains("A state change does not match expectation")
    }
  }

  @Test func nonExhaustiveStoresCanShowSkippedAssertions() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.increment)
  }

  // MARK: - Dependencies

  @Test func dependenciesCanChangeMidTest() async {
    struct Feature: Reducer {
      struct State: Equatable { var ids: [UUID] = [] }
      enum Action: Equatable { case add }
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.ids.append(uuid())
        return .none
      }
    }
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .constant(UUID(0))
    }
    await store.send(.add) { $0.ids = [UUID(0)] }
    store.dependencies.uuid = .constant(UUID(7))
    await store.send(.add) { $0.ids = [UUID(0), UUID(7)] }
  }
}

/// Tests off the main actor create their stores with `await TestStore(…)` and drop them on
/// another thread: what the end of the test finds is still reported to the test.
struct TestStoreOffTheMainActorTests {
  @Test func actionsNotReceivedByTheEndOfTheTestFail() async {
    await withKnownIssue {
      let store = await TestStore(initialState: TestStoreTests.Feature.State()) {
        TestStoreTests.Feature()
      }
      await store.send(.sendTwice)
    } matching: { issue in
      message(of: issue).contains("The store received 2 unexpected actions by the end of this test")
    }
  }

  @Test func aStoreThatEndsCleanlyReportsNothing() async {
    let store = await TestStore(initialState: TestStoreTests.Feature.State()) {
      TestStoreTests.Feature()
    }
    await store.send(.load) { $0.isLoading = true }
    await store.receive(\.loaded) {
      $0.isLoading = false
      $0.count = 42
    }
  }
}
