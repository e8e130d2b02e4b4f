import Synchronization

/// The root of a store tree: it owns the state, runs the reducer and executes effects.
///
/// `send` is re-entrancy safe: actions sent while an action is being reduced (by `.send`
/// effects, or by effects that finish synchronously) are queued and processed in order after it.
@MainActor
final class StoreRuntime<State, Action> {
  var state: State
  // Read at every send and replaced only between sends (a test store's `dependencies`): the
  // runtime's exclusivity checks, about 80 instructions an access, are left out. (The state's
  // are kept: a reducer runs the app's code while it holds the state.)
  @exclusivity(unchecked) var dependencies: DependencyValues
  let registry = EffectRegistry()
  /// Whether effects remember the action that started them (the test store reports them).
  let recordsOrigins: Bool
  /// Where the nonisolated work of effects runs; `nil` for the global executor.
  let effectExecutor: MainThreadTaskExecutor?
  /// What the readers of every store of the tree observe: the root state as a whole.
  let observation = RootStateObservation()
  /// The identity of the state, when it is observable state.
  private let stateIdentity: ((inout State) -> ObservableStateID)?

  /// What a `dismiss()` outside any presentation does: set by the test store, which a root-level
  /// dismissal ends; `nil` elsewhere, where it is reported.
  var onRootDismiss: (@MainActor () -> Void)?

  /// The history being recorded, if any (see ``Store/recordHistory(capacity:elapsed:)``).
  @exclusivity(unchecked) private(set) var history: StoreHistory<State, Action>?
  /// The state of a history entry the stores show instead of the live state, read-only.
  private(set) var travelState: State?
  /// Whether ``travelState`` is set: a flag, so the reads and sends of a store that does not
  /// travel never touch an optional of the generic state.
  private(set) var isTravelling = false

  private let reducer: @MainActor (inout State, Action) -> Effect<Action>
  /// The bodies of the reducers without stored properties this store has built.
  private let bodies = _ReducerBodies()
  /// Actions sent while a batch runs, to reduce after the one being reduced.
  private var bufferedActions: [Action] = []
  /// Whether ``bufferedActions`` holds anything: a flag, so a send that buffers nothing never
  /// touches the array (in code not specialized for the action type, even `isEmpty` looks up
  /// the array's type).
  private var hasBufferedActions = false
  /// Where each buffered action came from, while a history records (empty otherwise): kept
  /// apart, and of a type that is not generic, so a store that records nothing pays nothing.
  private var bufferedOrigins: [PendingOrigin] = []
  private var isSending = false
  /// The task list of the last send that started no task, kept for the next send: most sends
  /// start none, and a list costs an allocation.
  private var spareTasks: TaskList?
  /// The action being reduced, while origins are tracked. Boxed: in code that is not
  /// specialized for the action type, setting an `Action?` looks the optional type up. (Set and
  /// read around the reducer, never while it runs: no exclusivity checks.)
  @exclusivity(unchecked) private var currentOrigin: Any?
  /// Whether the action being reduced is remembered: for the test store and a history.
  private var tracksOrigins: Bool
  /// Whether ``history`` is set (a flag, like ``isTravelling``).
  private var isRecording = false

  init(
    initialState: State,
    dependencies: DependencyValues,
    recordsOrigins: Bool = false,
    effectExecutor: MainThreadTaskExecutor? = nil,
    reducer: @escaping @MainActor (inout State, Action) -> Effect<Action>
  ) {
    self.state = initialState
    self.dependencies = dependencies
    self.recordsOrigins = recordsOrigins
    self.effectExecutor = effectExecutor
    self.reducer = reducer
    self.stateIdentity = observableStateIdentity(of: State.self)
    self.tracksOrigins = recordsOrigins
  }

  /// Starts recording every action and the state after it, from the current state.
  func startHistory(
    capacity: Int, elapsed: @escaping @Sendable () -> Duration
  ) -> StoreHistory<State, Action> {
    if let history { return history }
    let history = StoreHistory<State, Action>(
      capacity: capacity, initialState: state, elapsed: elapsed)
    history.onTravel = { [weak self] state in
      guard let self else { return }
      self.travelState = state
      self.isTravelling = state != nil
      // Every reader of the tree reads the travelled state now (or the live one again).
      self.observation.notify()
    }
    history.liveState = { [weak self] in self?.state }
    history.sharedLog.registry = ObjectIdentifier(registry)
    self.history = history
    isRecording = true
    tracksOrigins = true
    // Actions already buffered (a history started while a batch runs) came from outside.
    bufferedOrigins = Array(repeating: .send, count: bufferedActions.count)
    return history
  }

  deinit {
    // A store that goes away takes its effects with it.
    let registry = self.registry
    Task { @MainActor in registry.cancelAll() }
  }

  /// Reduces the action (and every action it causes synchronously) and starts its effects.
  /// Returns a task for the effects started, or `nil` when there are none.
  func send(_ action: Action) -> Task<Void, Never>? {
    // A store showing a history entry is read-only.
    guard !isTravelling else { return nil }
    var tasks = spareTasks ?? TaskList()
    spareTasks = nil
    send(action, into: tasks, origin: .send)
    if tasks.isEmpty, isKnownUniquelyReferenced(&tasks) {
      spareTasks = tasks
      return nil
    }
    return tasks.combined()
  }

  private func send(_ action: Action, into tasks: TaskList, origin: PendingOrigin) {
    guard !isSending else {
      buffer(action, origin: origin)
      return
    }
    // Only a state that was read has readers to tell about the batch.
    let isObserved = observation.isAccessed
    let identityBefore = isObserved ? stateIdentity?(&state) : nil
    isSending = true
    do {
      defer {
        if hasBufferedActions { clearBuffer() }
        isSending = false
        // Only set when origins are tracked: clearing it costs a lookup of `Action?` otherwise.
        if tracksOrigins { forgetOrigin() }
      }
      DependencyValues.$_current.withValue(dependencies) {
        bodies.reducing {
          reduce(action, origin: origin, into: tasks)
          if hasBufferedActions { reduceBuffered(into: tasks) }
        }
      }
    }
    if isRecording { history?.didRecord() }
    // Readers learn of changes inside observable state from its fields; here, only of the root
    // state being replaced. Other state changes wholesale with every batch. Observers run after
    // the batch is over, so they may send actions of their own.
    if isObserved, identityBefore == nil || identityBefore != stateIdentity?(&state) {
      observation.notify()
    }
  }

  /// Reduces the actions buffered while the batch runs, in order, executing the effects of
  /// each.
  private func reduceBuffered(into tasks: TaskList) {
    var index = 0
    while index < bufferedActions.count {
      let action = bufferedActions[index]
      // An action buffered before the history started came from outside.
      let origin = index < bufferedOrigins.count ? bufferedOrigins[index] : .send
      index += 1
      reduce(action, origin: origin, into: tasks)
    }
  }

  // The functions a send goes through are not specialized for the store's types (the client's),
  // so each type they mention costs a lookup at every call: what most sends skip (buffering,
  // origins, recording) is kept in functions of its own.

  @inline(never)
  private func buffer(_ action: Action, origin: PendingOrigin) {
    bufferedActions.append(action)
    hasBufferedActions = true
    if isRecording { bufferedOrigins.append(origin) }
  }

  @inline(never)
  private func clearBuffer() {
    bufferedActions.removeAll(keepingCapacity: true)
    bufferedOrigins.removeAll(keepingCapacity: true)
    hasBufferedActions = false
  }

  @inline(never)
  private func remember(_ action: Action) {
    currentOrigin = action
  }

  @inline(never)
  private func forgetOrigin() {
    currentOrigin = nil
  }

  /// Reduces one action and executes its effects.
  private func reduce(_ action: Action, origin: PendingOrigin, into tasks: TaskList) {
    if tracksOrigins { remember(action) }
    if isRecording {
      reduceRecording(action, origin: origin, into: tasks)
      return
    }
    let effect = reducer(&state, action)
    guard !effect.isNone else { return }
    execute(effect, context: ExecutionContext(scope: registry.root), tasks: tasks)
  }

  /// Reduces one action while a history records it.
  @inline(never)
  private func reduceRecording(_ action: Action, origin: PendingOrigin, into tasks: TaskList) {
    guard let history else { return }
    history.sharedLog.beginReducing()
    let effect = reducer(&state, action)
    history.sharedLog.endReducing()
    switch origin {
    case .send:
      history.recordSend(action, state: state)
    case .effect(let startedBy):
      history.recordEffect(action, startedBy: startedBy?.value, state: state)
    }
    execute(effect, context: ExecutionContext(scope: registry.root), tasks: tasks)
  }

  /// Where the actions of an effect started now come from: an effect, of the action being
  /// reduced while a history records (an effect started before the history has no such action).
  private func pendingEffectOrigin() -> PendingOrigin {
    guard history != nil else { return .effect(startedBy: nil) }
    return .effect(startedBy: currentOrigin.map { UncheckedSendable($0) })
  }

  struct ExecutionContext: Sendable {
    var scope: EffectScopeNode
    var cancelKeys: [EffectRegistry.CancelKey] = []
  }

  // The cases that hold an action or an operation on actions are run by functions of their
  // own: in code that is not specialized for `Action`, a function that binds such a value looks
  // up the metadata of its types on entry, whatever case it is given, and this one runs for
  // every node of every effect (the scopes and cancellations of a push or a pop included).
  private func execute(_ effect: Effect<Action>, context: ExecutionContext, tasks: TaskList) {
    switch effect.operation {
    case .none:
      return

    case .send:
      executeSend(effect, tasks: tasks)

    case .run:
      executeRun(effect, context: context, tasks: tasks)

    case let .merge(effects):
      for index in effects.indices {
        execute(effects[index], context: context, tasks: tasks)
      }

    case let .concatenate(effects):
      executeInSequence(effects[...], context: context, tasks: tasks)

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight {
        registry.cancel(id: id, scope: context.scope)
      }
      var context = context
      // The key's scope is resolved when an effect registers under it (`insert`), so a
      // cancellable that starts nothing adds no scope to the tree.
      context.cancelKeys.append(EffectRegistry.CancelKey(scope: context.scope, id: id))
      execute(effect, context: context, tasks: tasks)

    case let .cancel(id):
      registry.cancel(id: id, scope: context.scope)

    case let .scoped(scope, effect):
      var context = context
      let node = registry.child(scope, of: context.scope)
      context.scope = node
      execute(effect, context: context, tasks: tasks)
      registry.prune(node)

    case let .cancelScope(scope):
      registry.cancel(child: scope, of: context.scope)

    case let .cancelScopes(location, keeping):
      registry.cancelScopes(under: context.scope, location: location, keeping: keeping)

    case let .dismissal(effect):
      armDismissal(effect, context: context, tasks: tasks)
    }
  }

  @inline(never)
  private func armDismissal(_ effect: Effect<Action>, context: ExecutionContext, tasks: TaskList) {
    let origin = currentOrigin
    registry.armDismissal(scope: context.scope) { [weak self] in
      guard let self else { return }
      let previousOrigin = self.currentOrigin
      self.currentOrigin = origin
      self.execute(effect, context: context, tasks: tasks)
      self.currentOrigin = previousOrigin
    }
  }

  @inline(never)
  private func executeSend(_ effect: Effect<Action>, tasks: TaskList) {
    guard case let .send(action) = effect.operation else { return }
    send(action.value, into: tasks.sendsTarget, origin: pendingEffectOrigin())
  }

  @inline(never)
  private func executeRun(_ effect: Effect<Action>, context: ExecutionContext, tasks: TaskList) {
    switch effect.operation {
    case let .run(priority, operation):
      let id = registry.makeID()
      let box = SendBox()
      let origin = pendingEffectOrigin()
      let send = Send<Action> { [weak self] action in
        guard !box.isFinished else {
          reportIssue(
            """
            An action was sent from a completed effect: \(String(customDumping: action))

            Avoid sending actions using the "send" argument from "Effect.run" after the effect \
            has completed. This can happen if you escape the "send" argument in an unstructured \
            context.
            """
          )
          return
        }
        self?.send(action, into: tasks.sendsTarget, origin: origin)
      }
      var effectContext = effectContext(scope: context.scope)
      if case .effect(let startedBy) = origin { effectContext.startedBy = startedBy }
      let executor = effectExecutor
      // On a settling executor, an effect whose operation has returned counts as busy until it
      // is removed on the main actor.
      let run: @Sendable (Send<Action>) async -> Void
      if let executor {
        run = { send in
          await operation(send)
          executor.effectFinishing()
        }
      } else {
        run = operation
      }
      let body: @MainActor @Sendable () async -> Void = { [weak self] in
        executor?.taskStarted()
        await EffectContext.$current.withValue(effectContext) { await run(send) }
        box.isFinished = true
        self?.registry.remove(id)
        executor?.effectFinished()
      }
      executor?.taskCreated()
      let task = Task(executorPreference: executor, priority: priority, operation: body)
      registry.insert(id, task: task, context: context, origin: currentOrigin)
      tasks.append(task)

    default:
      return
    }
  }

  /// The context of an effect running in a child's scope: `dismiss()` from it delivers the
  /// armed dismissal of the nearest presentation around it, which sends the parent its dismissal
  /// action before `dismiss()` returns.
  private func effectContext(scope: EffectScopeNode) -> EffectContext {
    EffectContext(
      dismiss: { [weak self] in
        guard let self else { return false }
        if let deliver = registry.takeDismissal(around: scope) {
          deliver()
          return true
        }
        guard let onRootDismiss else { return false }
        onRootDismiss()
        return true
      }, registry: registry, scope: scope)
  }

  /// Starts effects one after another. Effects that start no task run right away; the rest of
  /// the sequence waits, in a supervising task, for the tasks of the one before it.
  private func executeInSequence(
    _ effects: ArraySlice<Effect<Action>>, context: ExecutionContext, tasks: TaskList
  ) {
    var remaining = effects
    while let effect = remaining.popFirst() {
      let started = TaskList(sendsInto: tasks.sendsTarget)
      execute(effect, context: context, tasks: started)
      tasks.append(contentsOf: started)
      guard !started.isEmpty, !remaining.isEmpty else { continue }

      let id = registry.makeID()
      let origin = currentOrigin
      let supervisor = Task { @MainActor [weak self, remaining] in
        for task in started.tasks { await task.value }
        guard let self else { return }
        defer { self.registry.remove(id) }
        guard !Task.isCancelled else { return }
        let next = TaskList(sendsInto: tasks.sendsTarget)
        let previousOrigin = self.currentOrigin
        self.currentOrigin = origin
        self.executeInSequence(remaining, context: context, tasks: next)
        self.currentOrigin = previousOrigin
        tasks.append(contentsOf: next)
        await withTaskCancellationHandler {
          for task in next.tasks { await task.value }
        } onCancel: {
          next.cancelAll()
        }
      }
      registry.insert(id, task: supervisor, context: context, origin: currentOrigin)
      tasks.append(supervisor)
      return
    }
  }
}

/// Where a buffered action came from, for a history: sent from outside, or by an effect
/// started by an action (kept as `Any`, so the type is the same for every store).
enum PendingOrigin: Sendable {
  case send
  case effect(startedBy: UncheckedSendable<Any>?)
}

/// Marks when an effect's operation has returned, so late sends can be reported.
@MainActor
private final class SendBox: Sendable {
  var isFinished = false
}

/// The tasks started on behalf of one `send`, including those started later by actions its
/// effects send (or by a dismissal it armed). The store task returned by `send` waits for (and
/// cancels) all of them.
///
/// The list of a step of a sequence of effects (which its supervisor waits for, and cancels
/// when the sequence is cancelled) holds the step's own tasks only: what the actions its
/// effects send start goes to the list of the `send` they are on behalf of, as upstream keeps
/// it apart, so that cancelling an effect by its id never cancels the effects of the actions
/// it sent (a search a debounce delivered may cancel in-flight searches with the same id).
final class TaskList: Sendable {
  private let storage = Mutex<[Task<Void, Never>]>([])
  private let sends: TaskList?

  /// A list whose effects' sent actions start their tasks in `sends` (by default, this list).
  init(sendsInto sends: TaskList? = nil) {
    self.sends = sends
  }

  /// Where the tasks of the actions its effects send go.
  var sendsTarget: TaskList { sends ?? self }

  var tasks: [Task<Void, Never>] { storage.withLock { $0 } }
  var isEmpty: Bool { storage.withLock { $0.isEmpty } }

  func append(_ task: Task<Void, Never>) {
    storage.withLock { $0.append(task) }
  }

  func append(contentsOf other: TaskList) {
    let tasks = other.tasks
    guard !tasks.isEmpty else { return }
    storage.withLock { $0.append(contentsOf: tasks) }
  }

  func cancelAll() {
    for task in tasks { task.cancel() }
  }

  /// One task that finishes when every task in the list (as the list grows) has finished, and
  /// cancels them when cancelled.
  func combined() -> Task<Void, Never>? {
    guard !isEmpty else { return nil }
    return Task {
      await withTaskCancellationHandler {
        var index = 0
        while true {
          let tasks = self.tasks
          guard index < tasks.count else { return }
          await tasks[index].value
          index += 1
        }
      } onCancel: {
        self.cancelAll()
      }
    }
  }
}
