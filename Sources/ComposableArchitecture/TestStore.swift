import ConcurrencyExtras
import Dispatch
import Foundation

/// A store for tests that asserts, step by step, how state changes and which actions effects
/// send back.
///
/// ```swift
/// @MainActor @Test func counterIncrements() async {
///   let store = TestStore(initialState: CounterFeature.State()) {
///     CounterFeature()
///   }
///   await store.send(.incrementButtonTapped) {
///     $0.count = 1
///   }
/// }
/// ```
///
/// By default the store is exhaustive: every state change must be asserted, every action an
/// effect sends must be received with ``receive(_:timeout:assert:fileID:file:line:column:)``,
/// and every effect must finish before the test ends. Each failure is reported with a diff
/// (Expected: −, Actual: +).
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the store checks state changes, received actions and effects.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:file:line:column:)`` and ``finish(timeout:fileID:file:line:column:)``
  /// wait by default, in nanoseconds.
  public var timeout: UInt64

  /// The dependencies of the reducer and its effects. Changing them mid-test affects the actions
  /// sent afterwards.
  public var dependencies: DependencyValues {
    get { runtime.dependencies }
    set { runtime.dependencies = newValue }
  }

  /// The state as of the last assertion.
  public internal(set) var state: State
  /// The shared values ``state`` reaches, as of the last assertion.
  var sharedState: SharedSnapshot

  let runtime: StoreRuntime<State, TestAction>
  let recorder: TestRecorder<State, Action>
  let location: SourceLocation

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start with.
  ///   - reducer: The reducer under test.
  ///   - prepareDependencies: Overrides dependencies for the reducer and its effects.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (initialState, reducer, dependencies) = withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let recorder = TestRecorder<State, Action>(state: initialState)
    self.state = initialState
    self.sharedState = recorder.sharedAfterSend
    self.timeout = 1_000_000_000
    self.recorder = recorder
    self.location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.runtime = StoreRuntime(
      initialState: initialState,
      dependencies: dependencies,
      recordsOrigins: true,
      effectExecutor: MainThreadTaskExecutor()
    ) { state, testAction in
      let action: Action
      switch testAction {
      case let .send(sent): action = sent
      case let .receive(received): action = received
      }
      let nextStackElementID = DependencyValues._current.stackElementID.peek()
      let effect = reducer.reduce(into: &state, action: action)
      switch testAction {
      case .send:
        recorder.stateAfterSend = state
        recorder.sharedAfterSend = SharedSnapshot(capturing: state)
        recorder.nextStackElementIDBeforeSend = nextStackElementID
      case .receive:
        recorder.receivedActions.append(
          TestRecorder.Received(
            action: action, state: state, shared: SharedSnapshot(capturing: state),
            nextStackElementID: nextStackElementID))
      }
      return TestAction.received(from: effect)
    }
  }

  deinit {
    // NB: A nonisolated deinit runs where the last reference is dropped (the end of a test), with
    // the test's task-local context, so the issues it reports reach the test. An isolated deinit
    // would run without that context and the issues would be lost.
    if isOnMainQueue() {
      MainActor.assumeIsolated { self.completed() }
    } else {
      // A test off the main actor (`let store = await TestStore(…)`) drops its store on another
      // thread: the store is read on the main actor, and what it finds is reported here.
      let failures = DispatchQueue.main.sync {
        MainActor.assumeIsolated { self.completionFailures() }
      }
      for failure in failures {
        reportIssue(
          failure, fileID: location.fileID, filePath: location.filePath, line: location.line,
          column: location.column)
      }
    }
  }

  enum TestAction {
    case send(Action)
    case receive(Action)

    /// Marks the actions an effect sends as received. Nonisolated, so the sendable closure it
    /// forms does not capture the main actor's generic context.
    nonisolated static func received(from effect: Effect<Action>) -> Effect<TestAction> {
      effect.map(unchecked: UncheckedSendable({ .receive($0) }))
    }

    var action: Action {
      switch self {
      case let .send(action), let .receive(action): action
      }
    }
  }
}

/// What the test store's reducer saw: the state after the last sent action, and the actions
/// effects sent since, each with the state after it.
@MainActor
final class TestRecorder<State, Action> {
  struct Received {
    let action: Action
    let state: State
    /// The shared values the state reached right after the action.
    let shared: SharedSnapshot
    /// The stack element id the generator would hand out next when the action was reduced.
    let nextStackElementID: StackElementID
  }

  var stateAfterSend: State
  var sharedAfterSend: SharedSnapshot
  var nextStackElementIDBeforeSend: StackElementID = 0
  var receivedActions: [Received] = []

  init(state: State) {
    self.stateAfterSend = state
    self.sharedAfterSend = SharedSnapshot(capturing: state)
  }
}

/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and effect must be asserted.
  case on
  /// Only what the test asserts is checked. With `showSkippedAssertions`, what was skipped is
  /// reported as expected (known) issues, so it shows in the test log without failing.
  case off(showSkippedAssertions: Bool)

  /// Only what the test asserts is checked, and what was skipped is not shown.
  public static let off = Self.off(showSkippedAssertions: false)
}

/// The effects started by a ``TestStore/send(_:assert:fileID:file:line:column:)``.
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: UInt64

  /// Cancels the effects and waits for them to stop.
  public func cancel() async {
    rawValue?.cancel()
    await rawValue?.value
  }

  /// Waits for the effects to finish, reporting an issue if they are still running after the
  /// timeout.
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeout
    guard await wait(for: rawValue, nanoseconds: nanoseconds) else {
      reportIssue(
        """
        Expected task to finish, but it is still in-flight after \(seconds(nanoseconds)) seconds.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
  }

  /// Whether the effects were cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? false
  }
}

/// Whether the code runs on the main queue, the main actor's executor. `Thread.isMainThread` does
/// not say: where the main thread parks in `dispatch_main()`, other threads drain the main queue.
private func isOnMainQueue() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey.value) != nil
}

private let mainQueueKey: UncheckedSendable<DispatchSpecificKey<Void>> = {
  let key = DispatchSpecificKey<Void>()
  DispatchQueue.main.setSpecific(key: key, value: ())
  return UncheckedSendable(key)
}()
