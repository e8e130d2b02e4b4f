/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// <!-- context: core-parent-feature -->
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) {
///     CounterFeature()
///   }
/// }
/// ```
///
/// The state can be a field of a struct or, with a case key path, a case of an enum state.
/// This is S1's `pullback`: the child knows nothing of the parent, and the parent embeds the
/// child's actions and effects into its own.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(
      AnyCasePath<ParentState, Child.State>,
      fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
  }

  let toChildState: StatePath
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child

  /// Scopes to a field of the parent's state.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Scopes to a case of the parent's enum state. A child action that arrives while the state is
  /// in another case is reported as an issue.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.toChildState = .casePath(
      AnyCasePath(toChildState), fileID: fileID, filePath: filePath, line: line, column: column)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Scopes to a field of the parent's state, written without the `state:` label.
  ///
  /// <!-- context: core-parent-feature, core-reducer-body -->
  /// ```swift
  /// Scope(\.counter, action: \.counter) {
  ///   CounterFeature()
  /// }
  /// ```
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  /// Scopes to a case of the parent's enum state, written without the `state:` label.
  public init<ChildState, ChildAction>(
    _ toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  init(
    toChildState: StatePath, toChildAction: AnyCasePath<ParentAction, Child.Action>, child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let toChildAction = self.toChildAction
    switch toChildState {
    case let .keyPath(keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map { toChildAction.embed($0) }

    case let .casePath(casePath, fileID, filePath, line, column):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A "Scope" at "\(fileID):\(line)" received a child action when child state was set to \
          a different case. …

            Action:
          \(caseDescription(action).indented(by: 4))
            State:
          \(caseDescription(state).indented(by: 4))

          This is generally considered an application logic error, and can happen for a few \
          reasons:

          • A parent reducer set "\(shortTypeName(ParentState.self))" to a different case before \
          the scoped reducer ran. Child reducers must run before any parent reducer sets child \
          state to a different case. This ensures that child reducers can handle their actions \
          while their state is still available. Consider using "Reducer.ifCaseLet" to embed this \
          child reducer in the parent reducer that change its state to ensure the child reducer \
          runs first.

          • An in-flight effect emitted this action when child state was unavailable. While it \
          may be perfectly reasonable to ignore this action, consider canceling the associated \
          effect before child state changes to another case, especially if it is a long-living \
          effect.

          • This action was sent to the store while state was another case. Make sure that \
          actions for this reducer can only be sent from a view store when state is set to the \
          appropriate case. In SwiftUI applications, use "SwitchStore".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map { toChildAction.embed($0) }
    }
  }
}

// Twins of the initializers above for an action path that names one case (`\.child`): see
// `IfLetReducer.swift`.
extension Scope where ParentAction: CasePathable {
  @_documentation(visibility: internal)
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: _CasePropertyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .keyPath(toChildState),
      toChildAction: ParentAction.allCasePaths[keyPath: toChildAction], child: child())
  }

  @_documentation(visibility: internal)
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: _CasePropertyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  @_documentation(visibility: internal)
  public init<ChildState, ChildAction>(
    state toChildState: _CasePropertyPath<ParentState, ChildState>,
    action toChildAction: _CasePropertyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      toChildState: .casePath(
        ParentState.allCasePaths[keyPath: toChildState], fileID: fileID, filePath: filePath,
        line: line, column: column),
      toChildAction: ParentAction.allCasePaths[keyPath: toChildAction], child: child())
  }

  @_documentation(visibility: internal)
  public init<ChildState, ChildAction>(
    _ toChildState: _CasePropertyPath<ParentState, ChildState>,
    action toChildAction: _CasePropertyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action, ParentState: CasePathable {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
