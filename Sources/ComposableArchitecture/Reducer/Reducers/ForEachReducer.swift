extension Reducer {
  /// Runs an element reducer on the element of an identified array that an action is for.
  ///
  /// <!-- context: core-parent-feature -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .forEach(\.rows, action: \.rows) {
  ///       RowFeature()
  ///     }
  /// }
  /// ```
  ///
  /// The element runs before the parent. Effects of an element are delivered to that element
  /// by id, and are cancelled when the parent removes it. An action for an id that is not in the
  /// array is reported as an issue.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let element: Element
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let location: SourceLocation

  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let elementEffects = reduceElement(into: &state, action: action)
    let idsBefore = state[keyPath: toElementsState].ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElementsState].ids
    guard idsBefore != idsAfter else {
      return .merge(elementEffects, parentEffects)
    }
    let removed = idsBefore.subtracting(idsAfter)
    return .merge(
      [elementEffects, parentEffects] + removed.map { ._cancelScope(scope(for: $0)) }
    )
  }

  private func reduceElement(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElementsState][id: id] != nil else {
      reportIssue(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
        element. …

          Action:
        \(caseDescription(action).indented(by: 4))

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        • This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a view store when \
        its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """,
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column
      )
      return .none
    }
    let toElementAction = self.toElementAction
    return element.reduce(into: &state[keyPath: toElementsState][id: id]!, action: elementAction)
      .map { toElementAction.embed(.element(id: id, action: $0)) }
      ._scoped(scope(for: id))
  }

  private func scope(for id: ID) -> EffectScopeID {
    EffectScopeID(location: toElementsState, identity: AnyHashableSendable(id))
  }
}

// Twins of the operator above for an action path that names one case (`\.child`): see
// `IfLetReducer.swift`.
extension Reducer where Action: CasePathable {
  @_documentation(visibility: internal)
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: _CasePropertyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: Action.allCasePaths[keyPath: toElementAction],
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
