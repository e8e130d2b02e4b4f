extension Reducer {
  /// Runs a child reducer on optional child state when it is present.
  ///
  /// <!-- context: core-parent-feature -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .ifLet(\.child, action: \.child) {
  ///       ChildFeature()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs before the parent, so the parent sees the child's changes. When the parent
  /// sets the child to `nil` (or replaces it with a child of another identity), every effect the
  /// child started is cancelled. A child action that arrives while the child is `nil` is
  /// reported as an issue.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Shows ephemeral state (an alert or a confirmation dialog) held in a plain optional, with
  /// no reducer of its own.
  ///
  /// <!-- context: core-parent-feature, core-reducer-body -->
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  ///
  /// After one of its actions the state is set to `nil`, unless the action put another alert
  /// in its place.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toWrappedState, action: toWrappedAction,
      then: { EmptyReducer<WrappedState, WrappedAction>() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let location: SourceLocation

  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    // Ephemeral state (an alert) goes away after one of its actions.
    let ephemeral = dismissableEphemeralChild(in: state, action: action)
    let childEffects = reduceChild(into: &state, action: action)
    let childBefore = state[keyPath: toChildState].map(ChildIdentity.init)
    let parentEffects = parent.reduce(into: &state, action: action)
    guard let childBefore else {
      return .merge(childEffects, parentEffects)
    }
    if let ephemeral, childBefore == ephemeral,
      state[keyPath: toChildState].map(ChildIdentity.init) == ephemeral
    {
      // Neither the child nor the parent put another one in its place.
      state[keyPath: toChildState] = nil
    }
    let childAfter = state[keyPath: toChildState].map(ChildIdentity.init)
    guard childAfter != childBefore else {
      return .merge(childEffects, parentEffects)
    }
    return .merge(
      childEffects,
      parentEffects,
      ._cancelScope(scope(for: childBefore))
    )
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      reportIssue(
        """
        An "ifLet" at "\(location.fileID):\(location.line)" received a child action when child \
        state was "nil". …

          Action:
        \(caseDescription(action).indented(by: 4))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        • This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      return .none
    }
    let identity = ChildIdentity(state[keyPath: toChildState]!)
    let toChildAction = self.toChildAction
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map { toChildAction.embed($0) }
      ._scoped(scope(for: identity))
  }

  /// The identity of the child, when it is ephemeral and `action` is one of its actions.
  private func dismissableEphemeralChild(
    in state: Parent.State, action: Parent.Action
  ) -> ChildIdentity? {
    // The cheap test first: most actions through an `ifLet` are not the child's.
    guard let childAction = toChildAction.extract(from: action),
      let childState = state[keyPath: toChildState],
      isEphemeral(childState, dismissedBy: childAction)
    else { return nil }
    return ChildIdentity(childState)
  }

  private func scope(for identity: ChildIdentity) -> EffectScopeID {
    EffectScopeID(location: toChildState, identity: identity.id)
  }
}

// Twins of the operators above for an action path that names one case (`\.child`), which Swift
// resolves to the case's own `AllCasePaths` property rather than to a case key path through
// dynamic member lookup: one object for the life of the program, where a case key path is
// instantiated by the runtime (about 7,000 instructions) every time a `body` is built, and
// extracted through the case's own closure instead of a chain of `Case` values. Each overload
// above has its twin, so that the twins rank among themselves as the originals do.
extension Reducer where Action: CasePathable {
  @_documentation(visibility: internal)
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: _CasePropertyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: Action.allCasePaths[keyPath: toWrappedAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @_documentation(visibility: internal)
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: _CasePropertyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toWrappedState, action: toWrappedAction,
      then: { EmptyReducer<WrappedState, WrappedAction>() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
