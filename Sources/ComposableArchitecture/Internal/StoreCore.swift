/// What a store reads and sends through: the root runtime, or a path into it.
///
/// Every read of `state` registers an access with the root runtime's observation, so observers
/// of any store of the tree hear when the root state is replaced.
@MainActor
@usableFromInline
protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var state: State { get }
  /// Whether the state it reads has gone (optional state now `nil`, here or above): what it
  /// sends no reducer of it receives any more.
  var isGone: Bool { get }
  /// The effects running in the whole tree.
  var runningEffectCount: Int { get }
  /// The dependencies the root's reducer and effects run with.
  var dependencies: DependencyValues { get }
  /// Waits until the root's effects rest (see ``Store/settle()``).
  func settle() async
  func send(_ action: Action) -> Task<Void, Never>?
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction>
  /// A child that may go away: reads `lastValue` (then the last value read) while it is `nil`.
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    lastValue: ChildState,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction>
}

extension StoreCore {
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    DerivedCore(parent: self, toState: state, fromAction: action)
  }

  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    lastValue: ChildState,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    OptionalCore(parent: self, toState: state, fromAction: action, lastValue: lastValue)
  }
}

/// A core that reads through a parent core: what the whole tree shares (its effects, its
/// dependencies, settling) is the parent's, and what it sends goes to the parent, embedded.
@MainActor
protocol ChildCore: StoreCore {
  associatedtype ParentState
  associatedtype ParentAction
  var parent: any StoreCore<ParentState, ParentAction> { get }
  var fromAction: (Action) -> ParentAction { get }
}

extension ChildCore {
  var runningEffectCount: Int { parent.runningEffectCount }
  var dependencies: DependencyValues { parent.dependencies }
  func settle() async { await parent.settle() }

  func send(_ action: Action) -> Task<Void, Never>? {
    parent.send(fromAction(action))
  }
}

@MainActor
final class RootCore<State, Action>: StoreCore {
  let runtime: StoreRuntime<State, Action>

  init(runtime: StoreRuntime<State, Action>) {
    self.runtime = runtime
  }

  var runningEffectCount: Int { runtime.registry.liveCount }
  var isGone: Bool { false }
  var dependencies: DependencyValues { runtime.dependencies }
  func settle() async {
    guard let executor = runtime.effectExecutor else {
      for _ in 0..<20 { await Task.yield() }
      return
    }
    await executor.settle()
  }

  var state: State {
    runtime.observation.access()
    if runtime.isTravelling { return travelledState }
    return runtime.state
  }

  /// The state a history shows while it travels: out of line, so that a read of the live state
  /// never asks for the optional's type.
  @inline(never)
  private var travelledState: State {
    runtime.travelState ?? runtime.state
  }

  func send(_ action: Action) -> Task<Void, Never>? {
    runtime.send(action)
  }
}

/// A child that may go away (optional state, an enum case): reads the child while it is there,
/// and the last child it read once it is gone, so a store that outlives its state (a view that
/// animates away) still reads something.
@MainActor
final class OptionalCore<ParentState, ParentAction, State, Action>: ChildCore {
  let parent: any StoreCore<ParentState, ParentAction>
  let toState: KeyPath<ParentState, State?>
  let fromAction: (Action) -> ParentAction
  private var lastValue: State
  var isGone: Bool { parent.isGone || parent.state[keyPath: toState] == nil }

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State?>,
    fromAction: @escaping (Action) -> ParentAction,
    lastValue: State
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
    self.lastValue = lastValue
  }

  var state: State {
    if let state = parent.state[keyPath: toState] {
      lastValue = state
    }
    return lastValue
  }
}

/// A child's view of a parent core (the root, or an ``OptionalCore``): one composed key path to
/// read, one embedding to send. Scoping it again composes with the same parent, so a store
/// scoped many levels below the root still reads through one key path.
@MainActor
final class DerivedCore<ParentState, ParentAction, State, Action>: ChildCore {
  let parent: any StoreCore<ParentState, ParentAction>
  let toState: KeyPath<ParentState, State>
  let fromAction: (Action) -> ParentAction
  var isGone: Bool { parent.isGone }

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State>,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  var state: State {
    parent.state[keyPath: toState]
  }

  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    let fromAction = self.fromAction
    return DerivedCore<ParentState, ParentAction, ChildState, ChildAction>(
      parent: parent,
      toState: toState.appending(path: state),
      fromAction: { fromAction(action($0)) }
    )
  }
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    lastValue: ChildState,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    let fromAction = self.fromAction
    return OptionalCore<ParentState, ParentAction, ChildState, ChildAction>(
      parent: parent,
      toState: toState.appending(path: state),
      fromAction: { fromAction(action($0)) },
      lastValue: lastValue
    )
  }
}
