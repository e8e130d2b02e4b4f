/// Upstream's older store scoping, with closures to derive the child's state and embed its
/// actions: kept so that older TCA code compiles here as it does there (with a deprecation
/// warning).
extension Store {
  /// A store of the child's domain, derived with closures.
  ///
  /// Unlike a scope through key paths, the child store is made anew at each call, and the
  /// closure is evaluated at every read of the child's state.
  @available(
    *, deprecated,
    message:
      "Pass 'state' a key path to child state and 'action' a case key path to child action, instead."
  )
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      core: ClosureCore(parent: core, toState: toChildState, fromAction: fromChildAction))
  }
}

/// A child's view of a parent core through closures (``Store/scope(state:action:)`` with
/// closures): every read derives the child's state from the parent's.
@MainActor
final class ClosureCore<ParentState, ParentAction, State, Action>: ChildCore {
  let parent: any StoreCore<ParentState, ParentAction>
  let toState: (ParentState) -> State
  let fromAction: (Action) -> ParentAction
  var isGone: Bool { parent.isGone }

  init(
    parent: any StoreCore<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  var state: State {
    toState(parent.state)
  }
}
