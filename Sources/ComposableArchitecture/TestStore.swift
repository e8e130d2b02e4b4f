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
/// effect sends must be received with `receive(_:timeout:assert:)`,
/// and every effect must finish before the test ends. Each failure is reported with a diff
/// (Expected: −, Actual: +).
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// How strictly the store checks state changes, received actions and effects.
  public var exhaustivity: Exhaustivity = .on

  /// How long `receive(_:timeout:assert:)` and `finish(timeout:)` wait by default, in
  /// nanoseconds.
  public var timeout: UInt64

  /// The dependencies of the reducer and its effects. Changing them mid-test affects the actions
  /// sent afterwards.
  public var dependencies: DependencyValues {
    get { runtime.dependencies }
    set { runtime.dependencies = newValue }
  }

  /// Whether a root-level `dismiss()` dismissed the store: effects were cancelled and further
  /// sends are reported.
  public internal(set) var isDismissed = false

  /// Whether async work runs serially on the main thread, as upstream's test store makes it:
  /// on while any test store is alive (`uncheckedUseMainSerialExecutor`), and put back as it
  /// was once the last one goes away.
  public var useMainSerialExecutor: Bool {
    get { uncheckedUseMainSerialExecutor }
    set { uncheckedUseMainSerialExecutor = newValue }
  }

  /// The state as of the last assertion.
  public internal(set) var state: State
  /// The shared values ``state`` reaches, as of the last assertion.
  var sharedState: SharedSnapshot

  let runtime: StoreRuntime<State, TestAction>
  let recorder: TestRecorder<State, Action>
  nonisolated let location: SourceLocation

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start with.
  ///   - reducer: The reducer under test.
  ///   - prepareDependencies: Overrides dependencies for the reducer and its effects.
  ///   - fileID: Where the store is made, for failures reported at the end of the test.
  ///   - filePath: Where the store is made, for failures reported at the end of the test.
  ///   - line: Where the store is made, for failures reported at the end of the test.
  ///   - column: Where the store is made, for failures reported at the end of the test.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestSupportCheck.requireTestSupport()
    let (initialState, reducer, dependencies) = withDependencies {
      $0.stackElementID = .incrementing()
      prepareDependencies(&$0)
    } operation: {
      (initialState(), reducer(), DependencyValues._current)
    }
    let recorder = TestRecorder<State, Action>(state: initialState)
    MainSerialExecutorLease.acquire()
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
      case let .send(sent, _): action = sent
      case let .receive(received): action = received
      }
      let nextStackElementID = DependencyValues._current.stackElementID.peek()
      let watch = SharedWriteWatch()
      let effect = SharedWriteWatch.$current.withValue(watch) {
        reducer.reduce(into: &state, action: action)
      }
      switch testAction {
      case .send:
        recorder.stateAfterSend = state
        recorder.sharedAfterSend = SharedSnapshot(capturing: state)
        recorder.sendWroteShared = watch.wrote
        recorder.nextStackElementIDBeforeSend = nextStackElementID
      case .receive:
        recorder.receivedActions.append(
          TestRecorder.Received(
            action: action, state: state, shared: SharedSnapshot(capturing: state),
            wroteShared: watch.wrote, nextStackElementID: nextStackElementID))
      }
      return TestAction.received(from: effect)
    }
    runtime.onRootDismiss = { [weak self] in self?.dismissedAtRoot() }
  }

  deinit {
    MainSerialExecutorLease.release()
    // NB: A nonisolated deinit runs where the last reference is dropped (the end of a test), with
    // the test's task-local context, so the issues it reports reach the test. The checks read
    // main-actor state: off the main thread (a test not on the main actor) they run on it, and
    // the issues are reported here, in the test's context.
    for (issue, location) in mainActorNow({ completionIssues() }) {
      reportIssue(
        issue, fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  /// A root-level `dismiss()`: the store is done; its effects are cancelled.
  private func dismissedAtRoot() {
    isDismissed = true
    runtime.registry.cancelAll()
  }

  enum TestAction {
    /// An action the test sent, with where it sent it (an effect still running at the end of
    /// the test is reported there).
    case send(Action, SourceLocation)
    case receive(Action)

    /// Marks the actions an effect sends as received. Nonisolated, so the sendable closure it
    /// forms does not capture the main actor's generic context.
    nonisolated static func received(from effect: Effect<Action>) -> Effect<TestAction> {
      effect.map(unchecked: UncheckedSendable({ .receive($0) }))
    }

    var action: Action {
      switch self {
      case let .send(action, _), let .receive(action): action
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
    /// Whether the reducer wrote a shared value (even the value it held).
    let wroteShared: Bool
    /// The stack element id the generator would hand out next when the action was reduced.
    let nextStackElementID: StackElementID
  }

  var stateAfterSend: State
  var sharedAfterSend: SharedSnapshot
  /// Whether the reducer wrote a shared value for the last action sent.
  var sendWroteShared = false
  var nextStackElementIDBeforeSend: StackElementID = 0
  var receivedActions: [Received] = [] {
    didSet {
      if receivedActions.count < oldValue.count { reportedUnhandledCount = 0 }
    }
  }
  /// How many received actions `finish()` reported as unhandled and kept, so that the end of
  /// the test does not report the same ones again (until the test handles some of them).
  var reportedUnhandledCount = 0

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

/// The effects started by a `send(_:assert:)` to a ``TestStore``.
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

/// Keeps `uncheckedUseMainSerialExecutor` on while any test store is alive. Stores created and
/// released in parallel (Swift Testing runs tests concurrently) count as one lease, so the
/// setting found before the first is the one put back after the last.
private enum MainSerialExecutorLease {
  private static let leases = LockIsolated<(count: Int, original: Bool)>((0, false))

  static func acquire() {
    leases.withValue { leases in
      if leases.count == 0 { leases.original = uncheckedUseMainSerialExecutor }
      leases.count += 1
      uncheckedUseMainSerialExecutor = true
    }
  }

  static func release() {
    leases.withValue { leases in
      leases.count -= 1
      if leases.count == 0 { uncheckedUseMainSerialExecutor = leases.original }
    }
  }
}
