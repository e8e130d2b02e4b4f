/// What a store reads and sends through: the root runtime, or a path into it.
@MainActor
protocol StoreCore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var state: State { get }
  func send(_ action: Action) -> Task<Void, Never>?
  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction>
}

@MainActor
final class RootCore<State, Action>: StoreCore {
  let runtime: StoreRuntime<State, Action>

  init(runtime: StoreRuntime<State, Action>) {
    self.runtime = runtime
  }

  var state: State { runtime.state }

  func send(_ action: Action) -> Task<Void, Never>? {
    runtime.send(action)
  }

  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    ScopedCore(root: runtime, toState: state, fromAction: action)
  }
}

/// A child's view of a root runtime: one composed key path to read, one embedding to send.
@MainActor
final class ScopedCore<RootState, RootAction, State, Action>: StoreCore {
  let root: StoreRuntime<RootState, RootAction>
  let toState: KeyPath<RootState, State>
  let fromAction: (Action) -> RootAction

  init(
    root: StoreRuntime<RootState, RootAction>,
    toState: KeyPath<RootState, State>,
    fromAction: @escaping (Action) -> RootAction
  ) {
    self.root = root
    self.toState = toState
    self.fromAction = fromAction
  }

  var state: State { root.state[keyPath: toState] }

  func send(_ action: Action) -> Task<Void, Never>? {
    root.send(fromAction(action))
  }

  func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> any StoreCore<ChildState, ChildAction> {
    let fromAction = self.fromAction
    return ScopedCore<RootState, RootAction, ChildState, ChildAction>(
      root: root,
      toState: toState.appending(path: state),
      fromAction: { fromAction(action($0)) }
    )
  }
}
