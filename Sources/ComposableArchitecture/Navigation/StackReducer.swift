extension Reducer {
  /// Runs the features of a navigation stack, one element reducer per element.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .forEach(\.path, action: \.path) {
  ///       Path()
  ///     }
  /// }
  /// ```
  ///
  /// Guarantees:
  /// - an element's actions (and its effects' actions) reach the element with that id, even
  ///   after other elements were pushed or popped; an action for a missing id is reported;
  /// - the parent runs after the element, and before a pop or a push takes effect;
  /// - popping an element (one, `pop(from:)`, or everything) cancels all its effects;
  /// - an element can pop itself with `@Dependency(\.dismiss)`, which sends `.popFrom(id:)`,
  ///   also when it was in the initial state (a deep link);
  /// - a push whose id was already handed out, or is ahead of the generator, is reported.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
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
      toStackAction: AnyCasePath(toStackAction),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs the features of a navigation stack whose elements are the cases of an enum reducer
  /// (`@Reducer enum Path`), each element with the reducer of its case.
  ///
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .forEach(\.path, action: \.path)
  /// ```
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let destination: Destination
  let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  let location: SourceLocation

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let idsBefore = state[keyPath: toStackState].ids
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch toStackAction.extract(from: action) {
    case let .element(id, elementAction)?:
      if state[keyPath: toStackState][id: id] != nil {
        let toStackAction = self.toStackAction
        destinationEffects = withDependencies {
          $0.isPresented = true
        } operation: {
          destination.reduce(into: &state[keyPath: toStackState][id: id]!, action: elementAction)
        }
        .map { toStackAction.embed(.element(id: id, action: $0)) }
        ._scoped(scope(for: id))
      } else {
        report(
          """
          A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
          element: \(String(customDumping: action))

          There is no element with id \(id) in the stack. This usually means an effect of the \
          element delivered an action after the element was popped, or the action was sent to \
          an element store that outlived its element.
          """
        )
      }
      baseEffects = base.reduce(into: &state, action: action)

    case let .popFrom(id)?:
      baseEffects = base.reduce(into: &state, action: action)
      if !state[keyPath: toStackState].pop(from: id), !idsBefore.contains(id) {
        report(
          """
          A "forEach" at "\(location.fileID):\(location.line)" received a "popFrom" action for \
          a missing element: \(String(customDumping: action))

          There is no element with id \(id) in the stack.
          """
        )
      }

    case let .push(id, elementState)?:
      @Dependency(\.stackElementID) var stackElementID
      let next = stackElementID.peek()
      if idsBefore.contains(id) || id < next {
        report(
          """
          A "forEach" at "\(location.fileID):\(location.line)" received a "push" action for \
          an id that was already used: \(id)

          Push with the next id of the "stackElementID" generator (here \(next)).
          """
        )
        baseEffects = base.reduce(into: &state, action: action)
      } else if id > next {
        report(
          """
          A "forEach" at "\(location.fileID):\(location.line)" received a "push" action with \
          an id ahead of the generator: \(id)

          Push with the next id of the "stackElementID" generator (here \(next)).
          """
        )
        baseEffects = base.reduce(into: &state, action: action)
      } else {
        _ = stackElementID.next()
        baseEffects = base.reduce(into: &state, action: action)
        state[keyPath: toStackState].append(elementState, id: id)
      }

    case nil:
      baseEffects = base.reduce(into: &state, action: action)
    }

    let idsAfter = state[keyPath: toStackState].ids
    var cancelEffects: [Effect<Base.Action>] = []
    var mountEffects: [Effect<Base.Action>] = []
    if idsBefore != idsAfter || state[keyPath: toStackState].mounted.count != idsAfter.count {
      for id in idsBefore where !idsAfter.contains(id) {
        cancelEffects.append(._cancelScope(scope(for: id)))
      }
      var mounted = state[keyPath: toStackState].mounted.intersection(idsAfter)
      for id in idsAfter where !mounted.contains(id) {
        mounted.insert(id)
        mountEffects.append(dismissalEffect(for: id))
      }
      state[keyPath: toStackState].mounted = mounted
    }

    return .merge([destinationEffects, baseEffects] + cancelEffects + mountEffects)
  }

  /// The long-living effect that turns the element's `dismiss()` into `.popFrom(id:)`.
  private func dismissalEffect(for id: StackElementID) -> Effect<Base.Action> {
    Effect<Base.Action>.concatenate(
      .run { _ in try await neverEnding() }
        .cancellable(id: PresentationDismissID()),
      .send(toStackAction.embed(.popFrom(id: id)))
    )
    ._scoped(scope(for: id))
    ._bookkeeping()
  }

  private func scope(for id: StackElementID) -> EffectScopeID {
    EffectScopeID(location: toStackState, identity: AnyHashableSendable(id))
  }

  private func report(_ message: String) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}
