import Observation

/// A runtime for a feature: it holds the feature's state, runs its reducer for every action it
/// is sent, and executes the effects the reducer returns.
///
/// ```swift
/// let store = Store(initialState: CounterFeature.State()) {
///   CounterFeature()
/// }
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
///
/// Views read state from a store and only ever change it by sending actions. A store scoped to a
/// child feature with `scope(state:action:)` reads the root's latest state and sends through
/// the root's reducer, so parent and child never disagree.
///
/// A store is `Observable`: a view that reads state inside `withObservationTracking` is told
/// when what it read changes. With `@ObservableState` state that is field by field; otherwise
/// every action counts as a change.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  @usableFromInline let core: any StoreCore<State, Action>
  /// The stores `scope` made (see `Store+Scope.swift`).
  var scopes = ScopedStores()

  /// Creates a store from an initial state and a reducer.
  ///
  /// - Parameters:
  ///   - initialState: The state to start with.
  ///   - reducer: The reducer that powers the feature.
  ///   - prepareDependencies: Overrides dependencies for the reducer and every effect it starts.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState(), reducer: reducer(), prepareDependencies: prepareDependencies,
      effectExecutor: nil)
  }

  /// Creates a store whose effects run their nonisolated work on the main thread, in order,
  /// so that ``settle()`` can wait until every effect waits on something outside the store.
  ///
  /// For replays and view tests on a `TestClock`, where a key that starts a timer must find
  /// the timer waiting on the clock before the clock moves:
  ///
  /// <!-- context: core-test-clock -->
  /// ```swift
  /// let store = Store.settling(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.continuousClock = clock
  /// }
  /// store.send(.startTimerButtonTapped)
  /// await store.settle()
  /// await clock.advance(by: .seconds(3))  // three ticks, always
  /// ```
  ///
  /// Effects doing heavy work should not run this way: it would run on the main thread.
  public static func settling<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) -> Store {
    Store(
      initialState: initialState(), reducer: reducer(), prepareDependencies: prepareDependencies,
      effectExecutor: MainThreadTaskExecutor())
  }

  private convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    reducer: @autoclosure () -> R,
    prepareDependencies: ((inout DependencyValues) -> Void)?,
    effectExecutor: MainThreadTaskExecutor?
  ) {
    var (initialState, reducer, dependencies) = withDependencies(prepareDependencies ?? { _ in }) {
      (initialState(), reducer(), DependencyValues._current)
    }
    // The generator of stack ids, read at every push, is looked up once here: a dependency
    // nobody set is found in a shared cache, behind a lock and two task-local writes (about
    // 5,900 instructions a read), and one that is set is found in the values themselves. It
    // is the same generator either way.
    dependencies.stackElementID = dependencies.stackElementID
    let runtime = StoreRuntime<State, Action>(
      initialState: initialState,
      dependencies: dependencies,
      effectExecutor: effectExecutor
    ) { state, action in
      reducer.reduce(into: &state, action: action)
    }
    self.init(core: RootCore(runtime: runtime))
  }

  /// For a store made by ``settling(initialState:reducer:withDependencies:)``: waits until
  /// every running effect waits on something outside the store (a clock, a stream). For other
  /// stores it only yields a few times.
  public func settle() async {
    await core.settle()
  }

  init(core: any StoreCore<State, Action>) {
    self.core = core
  }

  /// The current state.
  public var state: State {
    core.state
  }

  /// How many effects of the whole store (the root and every scope of it) are running now.
  /// (A presented child's `dismiss()` is armed without an effect, so it is never counted.)
  ///
  /// For example, after popping every element of a stack whose elements ran timers:
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// #expect(store.runningEffectCount == 0)
  /// ```
  public var runningEffectCount: Int {
    core.runningEffectCount
  }

  /// Reads a value of the current state.
  ///
  /// Inlinable, so that a read of a field written as a key path literal (`store.count`) is
  /// compiled into the client as a plain read of that field instead of a key path applied by
  /// the runtime.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.state[keyPath: keyPath]
  }

  /// Passes the current state to a closure and returns what it returns.
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// store.withState { $0.count }
  /// ```
  public func withState<R>(_ body: (_ state: State) -> R) -> R {
    body(core.state)
  }

  /// Sends an action to the store.
  ///
  /// The action is reduced right away; effects it returns start before `send` returns. The
  /// returned task represents those effects (and the effects of actions they send): await
  /// ``StoreTask/finish()`` to wait for them, or ``StoreTask/cancel()`` to stop them.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(rawValue: core.send(action))
  }

  /// Starts recording the store's history: every action it receives, where the action came
  /// from, and the state right after it, in a ring of `capacity` entries. Returns the history
  /// already recording if there is one.
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// let history = store.recordHistory()
  /// store.send(.incrementButtonTapped)
  /// history?.entry(1)?.summary  // ".incrementButtonTapped"
  /// ```
  ///
  /// Only a root store records (a scoped store's actions are its root's); on a scoped store
  /// this reports an issue and returns `nil`. A store that never records pays nothing for it.
  ///
  /// - Parameters:
  ///   - capacity: At most how many entries are kept; the oldest are dropped beyond it.
  ///   - elapsed: The time since recording started, for each entry; a continuous clock unless
  ///     told (a replay on a test clock passes the test clock's).
  @discardableResult
  public func recordHistory(
    capacity: Int = 10_000,
    elapsed: (@Sendable () -> Duration)? = nil
  ) -> StoreHistory<State, Action>? {
    guard let root = core as? RootCore<State, Action> else {
      reportIssue(
        "Only a root store records its history; record the store this one was scoped from.")
      return nil
    }
    let start = ContinuousClock.now
    return root.runtime.startHistory(capacity: capacity, elapsed: elapsed ?? { .now - start })
  }

  /// The history the store records, if ``recordHistory(capacity:elapsed:)`` started one.
  public var history: StoreHistory<State, Action>? {
    (core as? RootCore<State, Action>)?.runtime.history
  }
}

/// A store is observable: reading its state (``Store/state``, a field through dynamic member
/// lookup, ``Store/withState(_:)``) inside `withObservationTracking` tracks what was read.
///
/// With `@ObservableState` state, a reader is told only about the fields it read (and about
/// the state being replaced by another one); with other state, about every action.
extension Store: Observation.Observable {}

extension Store where Action: CasePathable {
  /// Sends the action at a case key path, for cases without a value.
  ///
  /// <!-- context: core-app, core-app-store -->
  /// ```swift
  /// store.send(\.path[id: 0].incrementButtonTapped)
  /// ```
  @discardableResult
  public func send(_ action: CaseKeyPath<Action, Void>) -> StoreTask {
    send(action())
  }

  /// Sends the action at a case key path with a value.
  ///
  /// <!-- context: core-app, core-app-store -->
  /// ```swift
  /// store.send(\.binding.email, "blob@pointfree.co")
  /// ```
  @discardableResult
  public func send<Value>(_ action: CaseKeyPath<Action, Value>, _ value: Value) -> StoreTask {
    send(action(value))
  }
}

/// A store for a reducer of type `R`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

extension TestClock<Duration> {
  /// Moves the clock forward by `duration` in steps of `step`, letting `store`'s effects
  /// settle before and after each, so a repeating timer wakes once per period and an effect
  /// woken by one step has asked for its next wake-up before the next step.
  ///
  /// For example, with a store made by `Store.settling`, five ticks of a one-second timer:
  ///
  /// <!-- context: core-settling-store -->
  /// ```swift
  /// await clock.advance(by: .seconds(5), settling: store)
  /// ```
  public func advance<State, Action>(
    by duration: Duration, settling store: Store<State, Action>,
    step: Duration = .milliseconds(10)
  ) async {
    await store.settle()
    var remaining = duration
    while remaining > .zero {
      let next = Swift.min(step, remaining)
      await advance(by: next)
      await store.settle()
      remaining -= next
    }
  }
}
