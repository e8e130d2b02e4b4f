// Upstream's older spellings, kept so that older TCA code compiles here as it does there (with a
// deprecation warning): case paths made with `/Action.child` (`AnyCasePath`) instead of case key
// paths (`\.child`).

@_spi(Reflection) import CasePaths

extension Scope {
  /// Scopes to a field of the parent's state, with an `AnyCasePath` to the child's actions.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.child'.")
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState: .keyPath(toChildState), toChildAction: toChildAction, child: child())
  }

  /// Scopes to a case of the parent's enum state, with `AnyCasePath`s.
  @available(
    *, deprecated, message: "Use case key paths, like 'state: \\.child, action: \\.child'."
  )
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: .casePath(
        toChildState, fileID: fileID, filePath: filePath, line: line, column: column),
      toChildAction: toChildAction,
      child: child()
    )
  }
}

extension Reducer {
  /// Runs a child reducer on optional state, with an `AnyCasePath` to the child's actions.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.child'.")
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
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
      toChildAction: toWrappedAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Shows ephemeral state (an alert) held in a plain optional, with an `AnyCasePath` to its
  /// actions. After one of its actions the state is set to `nil`.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.alert'.")
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    _IfLetReducer(
      parent: self,
      child: EmptyReducer<WrappedState, WrappedAction>(),
      toChildState: toWrappedState,
      toChildAction: toWrappedAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a presented child, with an `AnyCasePath` to its presentation actions.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.destination'.")
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      base: self,
      destination: destination(),
      toPresentationState: toPresentationState,
      toPresentationAction: toPresentationAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a child reducer on a case of enum state, with `AnyCasePath`s.
  @available(*, deprecated, message: "Use case key paths, like '\\.child, action: \\.child'.")
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
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
      toChildState: toCaseState,
      // An `AnyCasePath` has no identity of its own: the call site tells this child apart.
      location: "\(fileID):\(line):\(column)",
      toChildAction: toCaseAction,
      sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a reducer on each element of an identified collection, with an `AnyCasePath` to
  /// `IdentifiedAction`.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.rows'.")
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
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
      toElementAction: toElementAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a reducer on each element of an identified collection, with the oldest spelling: an
  /// `AnyCasePath` to an `(id, action)` pair, as in `action: /Action.row(id:action:)`.
  @available(
    *, deprecated, message: "Use 'IdentifiedAction' and a case key path, like 'action: \\.rows'."
  )
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
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
      toElementAction: AnyCasePath(
        embed: { identified in
          switch identified {
          case let .element(id, action): toElementAction.embed((id, action))
          }
        },
        extract: { action in
          toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) }
        }
      ),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs a reducer on each element of a navigation stack, with an `AnyCasePath` to its
  /// actions.
  @available(*, deprecated, message: "Use a case key path, like 'action: \\.path'.")
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      base: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: toStackAction,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension StackState {
  /// The value of a case of the element with this id, with an `AnyCasePath` (for an enum that
  /// is not `@CasePathable`).
  ///
  /// <!-- context: arch-int-stack -->
  /// ```swift
  /// stack[id: 0, case: /Element.int]? += 1
  /// ```
  ///
  /// Setting `nil` removes the element. Modifying an element of another case (or a missing
  /// one) changes nothing and is reported.
  @available(*, deprecated, message: "Use a case key path, like 'stack[id: 0, case: \\.int]'.")
  public subscript<Case>(id id: StackElementID, case path: AnyCasePath<Element, Case>) -> Case? {
    get { self[id: id].flatMap(path.extract(from:)) }
    _modify {
      let element = self[id: id]
      var value = element.flatMap(path.extract(from:))
      let isCase = value != nil
      yield &value
      if isCase {
        self[id: id] = value.map(path.embed)
      } else {
        reportUnrelatedCase(of: element)
      }
    }
  }
}

extension PresentationState {
  /// The value of a case of the presented state, with an `AnyCasePath` (for an enum that is not
  /// `@CasePathable`).
  ///
  /// <!-- context: arch-item-form, arch-destination, arch-inventory -->
  /// ```swift
  /// state.$destination[case: /Destination.State.counter]?.count += 1
  /// ```
  ///
  /// Setting `nil` dismisses the state. Modifying state of another case (or absent state)
  /// changes nothing and is reported.
  @available(*, deprecated, message: "Use a case key path, like '$destination[case: \\.counter]'.")
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    get { wrappedValue.flatMap(path.extract(from:)) }
    _modify {
      let state = wrappedValue
      var value = state.flatMap(path.extract(from:))
      let isCase = value != nil
      yield &value
      if isCase {
        wrappedValue = value.map(path.embed)
      } else {
        reportUnrelatedCase(of: state)
      }
    }
  }
}

/// Reports a write through a case path to state that holds another case: `Can't modify
/// unrelated case "int"`.
private func reportUnrelatedCase<Root>(of root: Root?) {
  var caseName: String?
  if let root, let metadata = EnumMetadata(Root.self) {
    caseName = metadata.caseName(forTag: metadata.tag(of: root))
  }
  reportIssue("Can't modify unrelated case\(caseName.map { " \"\($0)\"" } ?? "")")
}
