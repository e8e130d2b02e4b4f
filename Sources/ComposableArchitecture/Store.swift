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
/// child feature with ``scope(state:action:)`` reads the root's latest state and sends through
/// the root's reducer, so parent and child never disagree.
///
/// A store is `Observable`: a view that reads state inside `withObservationTracking` is told
/// when what it read changes. With `@ObservableState` state that is field by field; otherwise
/// every action counts as a change.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action> {
  let core: any StoreCore<State, Action>
  private var children: [ScopeKey: AnyObject] = [:]

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
    let (initialState, reducer, dependencies) = withDependencies(prepareDependencies ?? { _ in }) {
      (initialState(), reducer(), DependencyValues._current)
    }
    let runtime = StoreRuntime<State, Action>(
      initialState: initialState,
      dependencies: dependencies
    ) { state, action in
      reducer.reduce(into: &state, action: action)
    }
    self.init(core: RootCore(runtime: runtime))
  }

  init(core: any StoreCore<State, Action>) {
    self.core = core
  }

  /// The current state.
  public var state: State {
    core.state
  }

  /// How many effects of the whole store (the root and every scope of it) are running now;
  /// the long-living effect that lets a presented child dismiss itself is not counted.
  ///
  /// For example, after popping every element of a stack whose elements ran timers:
  ///
  /// ```swift
  /// #expect(store.runningEffectCount == 0)
  /// ```
  public var runningEffectCount: Int {
    core.runningEffectCount
  }

  /// Reads a value of the current state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.state[keyPath: keyPath]
  }

  /// Passes the current state to a closure and returns what it returns.
  ///
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

  /// Scopes the store to a child feature.
  ///
  /// ```swift
  /// CounterView(store: store.scope(state: \.counter, action: \.counter))
  /// ```
  ///
  /// The child store always reads the root's latest state, and its actions are embedded into the
  /// parent's and reduced by the root's reducer. Scoping twice with the same paths returns the
  /// same store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let key = ScopeKey(state: state, action: action, isOptional: false)
    if let child = children[key] as? Store<ChildState, ChildAction> {
      return child
    }
    let embed = AnyCasePath(action).embed
    let child = Store<ChildState, ChildAction>(core: core.scope(state: state, action: embed))
    children[key] = child
    return child
  }

  /// Scopes the store to a child feature whose state may be absent: `nil` while it is.
  ///
  /// ```swift
  /// if let childStore = store.scope(state: \.child, action: \.child) {
  ///   ChildView(store: childStore)
  /// }
  /// ```
  ///
  /// The child store reads the child while it is present. Once it is gone (a view animating away
  /// may still hold the store), it keeps reading the last child it saw, and the actions it sends
  /// reach the parent's reducer, which reports them. Scoping again with the same paths returns
  /// the same store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let childState = core.state[keyPath: state] else { return nil }
    let key = ScopeKey(state: state, action: action, isOptional: true)
    if let child = children[key] as? Store<ChildState, ChildAction> {
      return child
    }
    let embed = AnyCasePath(action).embed
    let child = Store<ChildState, ChildAction>(
      core: core.scope(state: state, lastValue: childState, action: embed)
    )
    children[key] = child
    return child
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
  /// ```swift
  /// store.send(\.path[id: 0].incrementButtonTapped)
  /// ```
  @discardableResult
  public func send(_ action: CaseKeyPath<Action, Void>) -> StoreTask {
    send(action())
  }

  /// Sends the action at a case key path with a value.
  ///
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

private struct ScopeKey: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  /// Whether the child is optional state scoped to its value.
  let isOptional: Bool
}
