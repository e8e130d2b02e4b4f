extension Reducer where State: CasePathable {
  /// Runs a child reducer on one case of enum state, when the state is in that case.
  ///
  /// <!-- context: core-logged-in-app -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///       LoggedInFeature()
  ///     }
  /// }
  /// ```
  ///
  /// The child runs before the parent. When the parent moves the state to another case, every
  /// effect the child started is cancelled. A child action that arrives while the state is in
  /// another case is reported as an issue.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: AnyCasePath(toCaseState),
      location: toCaseState,
      toChildAction: AnyCasePath(toCaseAction),
      sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  /// Where the child runs, to tell its effects from those of other `ifCaseLet`s.
  let location: AnyHashable
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let sourceLocation: SourceLocation

  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let childBefore = toChildState.extract(from: state).map(ChildIdentity.init)
    let parentEffects = parent.reduce(into: &state, action: action)
    guard let childBefore else {
      return .merge(childEffects, parentEffects)
    }
    let childAfter = toChildState.extract(from: state).map(ChildIdentity.init)
    guard childAfter != childBefore else {
      return .merge(childEffects, parentEffects)
    }
    return .merge(childEffects, parentEffects, ._cancelScope(scope(for: childBefore)))
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      reportIssue(
        """
        An "ifCaseLet" at "\(sourceLocation.fileID):\(sourceLocation.line)" received a child \
        action when child state was set to a different case. …

          Action:
        \(String(customDumping: action).indented(by: 4))
          State:
        \(String(customDumping: state).indented(by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer set "\(shortTypeName(Parent.State.self))" to a different case before \
        this reducer ran. This reducer must run before any other reducer sets child state to a \
        different case. This ensures that child reducers can handle their actions while their \
        state is still available.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a view store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """,
        fileID: sourceLocation.fileID, filePath: sourceLocation.filePath,
        line: sourceLocation.line, column: sourceLocation.column
      )
      return .none
    }
    let identity = ChildIdentity(childState)
    let effect = child.reduce(into: &childState, action: childAction)
    state = toChildState.embed(childState)
    let toChildAction = self.toChildAction
    return effect.map { toChildAction.embed($0) }._scoped(scope(for: identity))
  }

  private func scope(for identity: ChildIdentity) -> EffectScopeID {
    EffectScopeID(location: location, identity: identity.id)
  }
}

// Twins of the operator above for an action path that names one case (`\.child`): see
// `IfLetReducer.swift`.
extension Reducer where State: CasePathable, Action: CasePathable {
  @_documentation(visibility: internal)
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: _CasePropertyPath<State, CaseState>,
    action toCaseAction: _CasePropertyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: State.allCasePaths[keyPath: toCaseState],
      location: toCaseState,
      toChildAction: Action.allCasePaths[keyPath: toCaseAction],
      sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
