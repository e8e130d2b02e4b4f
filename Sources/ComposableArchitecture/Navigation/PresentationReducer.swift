extension Reducer {
  /// Runs a presented child feature: a sheet, an alert, a drill-down.
  ///
  /// <!-- context: arch-item-form, arch-form-presenter -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .ifLet(\.$destination, action: \.destination) {
  ///       ItemFormFeature()
  ///     }
  /// }
  /// ```
  ///
  /// Guarantees:
  /// - the child runs before the parent on `.presented` actions; a child action while nothing
  ///   is presented is reported as an issue;
  /// - `.dismiss` reaches the parent first, then the child is set to `nil`;
  /// - every effect of the child is cancelled when it is dismissed: by the parent setting it to
  ///   `nil`, by `.dismiss`, or by a child of another identity (another case, another id)
  ///   replacing it;
  /// - effects of a child can be cancelled by identifier only from within that child;
  /// - the child can dismiss itself with `@Dependency(\.dismiss)`, also when it was in the
  ///   initial state (a deep link) and after being presented again;
  /// - alerts and confirmation dialogs are dismissed after any of their actions.
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
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
      toPresentationActionPath: toPresentationAction,
      casePath: { AnyCasePath(toPresentationAction) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Presents ephemeral state (an alert or a confirmation dialog) that has no reducer of its
  /// own.
  ///
  /// <!-- context: arch-item-form, arch-destination, arch-presenter, arch-body -->
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .ifLet(\.$alert, action: \.alert)
  /// ```
  ///
  /// Only ephemeral state can go without a reducer: a child feature needs its reducer in a
  /// trailing closure, or is an enum of features (`@Reducer enum`), which brings its own.
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { EmptyReducer<DestinationState, DestinationAction>() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Presents the features of an enum reducer (`@Reducer enum Destination`), running the
  /// reducer of the presented case.
  ///
  /// <!-- context: arch-item-form, arch-destination, arch-presenter, arch-body -->
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .ifLet(\.$destination, action: \.destination)
  /// ```
  ///
  /// A case holding an alert or a confirmation dialog is dismissed after any of its actions.
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

// Twins of the operators above for an action path that names one case (`\.child`): see
// `IfLetReducer.swift`.
extension Reducer where Action: CasePathable {
  @_documentation(visibility: internal)
  @inlinable
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: _CasePropertyPath<Action, PresentationAction<DestinationAction>>,
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
      toPresentationActionPath: toPresentationAction,
      casePath: { Action.allCasePaths[keyPath: toPresentationAction] },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @_documentation(visibility: internal)
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: _CasePropertyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { EmptyReducer<DestinationState, DestinationAction>() },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  @_documentation(visibility: internal)
  @inlinable
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: _CasePropertyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

@usableFromInline
struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  // A body is built, copied and destroyed at every action, at every level of a nested
  // presentation, so the reducer holds as little as it can: its base, its destination, and the
  // traits, which keep the key path, the action case path and the source location the traits
  // were first made with. Only a call site that differs from those (another action path or
  // another place in the source with the same state key path, or an `AnyCasePath`) holds its
  // own, in `site` (an `_OperatorSite`).
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  /// What is worked out once for the presentation's key path.
  @usableFromInline let traits: Traits
  /// The action case path and location of this call site, when the traits keep others.
  @usableFromInline let site: _OperatorSite<Base.Action, PresentationAction<Destination.Action>>?

  @inlinable
  var toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>> {
    traits.keyPath
  }

  @inlinable
  var toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>> {
    guard let site else { return traits.actionCasePath.unsafelyUnwrapped }
    return site.action
  }

  @inlinable
  var location: SourceLocation { site?.location ?? traits.location }

  // Inlinable, so that it is specialized for the client's types: generic code would look up the
  // metadata of the reducer and of its traits at every build of a body.
  @inlinable
  init(
    base: Base,
    destination: Destination,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation
  ) {
    self.base = base
    self.destination = destination
    self.traits = presentationTraits.value(for: toPresentationState) {
      Traits(toPresentationState, location: location)
    }
    self.site = _OperatorSite(action: toPresentationAction, location: location)
  }

  /// The same, given the action case's own key path (`\.child`, or a case key path): its case
  /// path is kept in the traits, so a body built again does not project the key path and make
  /// the case path's closures again at every level of a nested presentation.
  @inlinable
  init(
    base: Base,
    destination: Destination,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationActionPath actionPath: AnyKeyPath,
    casePath: () -> AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    location: SourceLocation
  ) {
    let traits = presentationTraits.value(for: toPresentationState) {
      Traits(toPresentationState, action: actionPath, casePath(), location: location)
    }
    self.base = base
    self.destination = destination
    self.traits = traits
    self.site = .of(
      actionPath: actionPath, location: location, traits: traits, casePath: casePath)
  }

  /// What a presentation reducer knows of its key path, the same at every build of its body.
  @usableFromInline
  final class Traits: _OperatorTraits {
    @usableFromInline typealias Action = Base.Action
    @usableFromInline typealias ChildAction = PresentationAction<Destination.Action>

    /// How presented children are told apart.
    @usableFromInline let rule: ChildIdentity.Rule
    /// The presentation's storage when it is a `@Presents` field of `@ObservableState` state
    /// (`_destination` for `\.$destination`): written in place, so that the presented child is
    /// never copied at a level of a nested presentation, and read without registering the read.
    @usableFromInline
    let tracked: _TrackedStorage<Base.State, PresentationState<Destination.State>>?
    /// The key path the traits were made with (or one equal to it).
    @usableFromInline
    let keyPath: WritableKeyPath<Base.State, PresentationState<Destination.State>>
    /// Where the tracked storage lies in the state, when it does at a fixed offset: its flags
    /// are read there without a retain of `tracked`.
    @usableFromInline let trackedOffset: Int?
    /// The key path as the place of the children's effect scopes.
    @usableFromInline let place: EffectScopeID.Place
    /// The action case's own key path the traits were made with (`\.child` given to the twin
    /// of `ifLet`), and its case path.
    @usableFromInline let actionPath: AnyKeyPath?
    @usableFromInline
    let actionCasePath: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>?
    /// Where the first reducer with these traits was made.
    @usableFromInline let location: SourceLocation

    @usableFromInline
    init(
      _ toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
      action actionPath: AnyKeyPath? = nil,
      _ actionCasePath: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>? = nil,
      location: SourceLocation
    ) {
      self.location = location
      rule = ChildIdentity.Rule(Destination.State.self)
      keyPath = toPresentationState
      tracked = .of(toPresentationState)
      trackedOffset = tracked?.offset
      place = .of(toPresentationState)
      self.actionPath = actionPath
      self.actionCasePath = actionCasePath
    }
  }

  // Inlinable, as every step of it is, so that it is specialized for the client's types:
  // generic code looks up every type it names at run time, at every level of a nested
  // presentation. Only the report stays out of line.
  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let toPresentationAction = self.toPresentationAction
    let presentationAction = toPresentationAction.extract(from: action)
    if !traits.rule.readsChild {
      return reducePlain(
        into: &state, action: action, presentationAction: presentationAction,
        toPresentationAction: toPresentationAction)
    }
    let initial = presented(in: &state)
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch (initial.identity, presentationAction) {
    case let (identity?, .dismiss?):
      baseEffects = base.reduce(into: &state, action: action)
      if presentedIdentity(in: &state) == identity {
        withPresentation(&state) { $0.wrappedValue = nil }
      }

    case let (identity?, .presented(childAction)?):
      // Read before the child's reduce: an alert or dialog goes away after one of its actions.
      let dismissesEphemeral =
        traits.rule.canBeEphemeral
        && presentation(in: &state).wrappedValue.map {
          traits.rule.isEphemeral($0, dismissedBy: childAction)
        } == true
      destinationEffects = reduceChild(
        &state, childAction, identity: identity, toPresentationAction: toPresentationAction)
      baseEffects = base.reduce(into: &state, action: action)
      if dismissesEphemeral, presentedIdentity(in: &state) == identity {
        withPresentation(&state) { $0.wrappedValue = nil }
      }

    case (.none, .presented?), (.none, .dismiss?):
      reportActionWithoutState(action)
      baseEffects = base.reduce(into: &state, action: action)

    case (_, nil):
      baseEffects = base.reduce(into: &state, action: action)
    }

    // Dismissal: the child that was presented (had its dismissal armed) is gone.
    let current = presented(in: &state)
    var dismissEffects = Effect<Base.Action>.none
    if let presentedID = initial.presentedID, presentedID != current.identity {
      dismissEffects = ._cancelScope(scope(for: presentedID))
      withPresentation(&state) { $0.presentedID = nil }
    } else if let initialIdentity = initial.identity, !initial.isEphemeral,
      initial.presentedID == nil, initialIdentity != current.identity
    {
      // A deep-linked child that never had its dismissal armed, replaced or removed.
      dismissEffects = ._cancelScope(scope(for: initialIdentity))
    }

    // Presentation: arm the dismissal the first time a child is seen, whether it was
    // presented by this action or was already there (a deep link).
    var presentEffects = Effect<Base.Action>.none
    if let currentIdentity = current.identity, !current.isEphemeral,
      current.presentedID != currentIdentity
    {
      withPresentation(&state) { $0.presentedID = currentIdentity }
      let dismiss = toPresentationAction.embed(.dismiss)
      presentEffects = Effect._dismissal(.send(dismiss))._scoped(scope(for: currentIdentity))
    }

    return destinationEffects.merge(with: baseEffects).merge(with: dismissEffects)
      .merge(with: presentEffects)
  }

  /// `reduce` for a plain child (neither identifiable nor an enum nor ephemeral): every child
  /// of the type is the same child, `ChildIdentity.plain`, so whether one is presented and
  /// whether its dismissal is armed tell all that `reduce` compares, read in place as two
  /// flags. The same steps as `reduce`, without an identity copied (a retain and a release
  /// each) a dozen times at every level of a nested presentation.
  @inlinable
  func reducePlain(
    into state: inout Base.State, action: Base.Action,
    presentationAction: PresentationAction<Destination.Action>?,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  ) -> Effect<Base.Action> {
    let initial = plainFlags(in: &state)
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    switch presentationAction {
    case .dismiss? where initial.isPresenting:
      baseEffects = base.reduce(into: &state, action: action)
      if plainFlags(in: &state).isPresenting {
        withPresentation(&state) { $0.wrappedValue = nil }
      }

    case .presented(let childAction)? where initial.isPresenting:
      destinationEffects = reduceChild(
        &state, childAction, identity: .plain, toPresentationAction: toPresentationAction)
      baseEffects = base.reduce(into: &state, action: action)

    case .presented?, .dismiss?:
      reportActionWithoutState(action)
      baseEffects = base.reduce(into: &state, action: action)

    case nil:
      baseEffects = base.reduce(into: &state, action: action)
    }

    // Dismissal: the child whose dismissal was armed is gone, or a deep-linked child that
    // never had it armed is.
    let current = plainFlags(in: &state)
    var dismissEffects = Effect<Base.Action>.none
    if initial.isArmed, !current.isPresenting {
      dismissEffects = ._cancelScope(scope(for: .plain))
      withPresentation(&state) { $0.presentedID = nil }
    } else if initial.isPresenting, !initial.isArmed, !current.isPresenting {
      dismissEffects = ._cancelScope(scope(for: .plain))
    }

    // Presentation: arm the dismissal the first time a child is seen.
    var presentEffects = Effect<Base.Action>.none
    if current.isPresenting, !current.isArmed {
      withPresentation(&state) { $0.presentedID = .plain }
      let dismiss = toPresentationAction.embed(.dismiss)
      presentEffects = Effect._dismissal(.send(dismiss))._scoped(scope(for: .plain))
    }

    return destinationEffects.merge(with: baseEffects).merge(with: dismissEffects)
      .merge(with: presentEffects)
  }

  /// Runs the presented child's reducer on `childAction`, in place and marked as presented, and
  /// returns its effects as the parent's, scoped to the child of `identity`.
  @inlinable @inline(__always)
  func reduceChild(
    _ state: inout Base.State, _ childAction: Destination.Action, identity: ChildIdentity,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  ) -> Effect<Base.Action> {
    let wasInside = PresentationDepth.enter()
    let childEffects = withPresentation(&state) {
      destination.reduce(into: &$0.wrappedValue!, action: childAction)
    }
    PresentationDepth.leave(wasInside)
    guard !childEffects.isNone else { return .none }
    return
      childEffects
      .map { toPresentationAction.embed(.presented($0)) }
      ._scoped(scope(for: identity))
  }

  /// Whether `state` presents a child, and whether the child's dismissal is armed, read where
  /// the presentation lies when it is tracked (not from a copy of it).
  @inlinable
  func plainFlags(in state: inout Base.State) -> (isPresenting: Bool, isArmed: Bool) {
    if let offset = traits.trackedOffset {
      return withUnsafeMutablePointer(to: &state) {
        let presentation = UnsafeRawPointer($0).advanced(by: offset)
          .assumingMemoryBound(to: PresentationState<Destination.State>.self)
        return (presentation.pointee.isPresenting, presentation.pointee.isArmed)
      }
    }
    guard let tracked = traits.tracked else {
      let presentation = state[keyPath: toPresentationState]
      return (presentation.isPresenting, presentation.isArmed)
    }
    return tracked.modify(&state) { ($0.isPresenting, $0.isArmed) }
  }

  /// What a presentation holds at one moment.
  @usableFromInline
  struct Presented {
    /// The presented child's identity; `nil` when nothing is presented.
    @usableFromInline let identity: ChildIdentity?
    /// The child whose dismissal was armed.
    @usableFromInline let presentedID: ChildIdentity?
    /// Whether the presented child is ephemeral (an alert, a dialog).
    @usableFromInline let isEphemeral: Bool

    @inlinable
    init(identity: ChildIdentity?, presentedID: ChildIdentity?, isEphemeral: Bool) {
      self.identity = identity
      self.presentedID = presentedID
      self.isEphemeral = isEphemeral
    }
  }

  /// What `state` presents, read without keeping a copy of the child: a copy alive across the
  /// child's reduce would make its storage copy itself, at every level.
  @inlinable
  func presented(in state: inout Base.State) -> Presented {
    let presentation = presentation(in: &state)
    if !traits.rule.readsChild {
      return Presented(
        identity: presentation.isPresenting ? .plain : nil,
        presentedID: presentation.presentedID, isEphemeral: false)
    }
    guard let child = presentation.wrappedValue else {
      return Presented(identity: nil, presentedID: presentation.presentedID, isEphemeral: false)
    }
    return Presented(
      identity: traits.rule.identity(of: child), presentedID: presentation.presentedID,
      isEphemeral: traits.rule.isEphemeral(child))
  }

  /// The identity of the child presented in `state` now, if any.
  @inlinable
  func presentedIdentity(in state: inout Base.State) -> ChildIdentity? {
    presented(in: &state).identity
  }

  /// The presentation in `state`: read from its storage if it is tracked, without registering
  /// the read with observation.
  @inlinable
  func presentation(in state: inout Base.State) -> PresentationState<Destination.State> {
    guard let tracked = traits.tracked else { return state[keyPath: toPresentationState] }
    return tracked.value(in: &state)
  }

  /// Runs `body` on the presentation in place. A tracked presentation is mutated in its
  /// storage, and the field's observers are told afterwards if what they observe changed (see
  /// `_$observationIdentity`); any other is written through its key path.
  @inlinable
  func withPresentation<R>(
    _ state: inout Base.State, _ body: (inout PresentationState<Destination.State>) -> R
  ) -> R {
    guard let tracked = traits.tracked else { return body(&state[keyPath: toPresentationState]) }
    // An observable child tells its own observers of its changes; the field's are told only
    // when another child is presented, or none.
    guard let identity = tracked.presentedIdentity else {
      let result = tracked.modify(&state, body)
      tracked.didModify(state)
      return result
    }
    let before = identity(state)
    let result = tracked.modify(&state, body)
    if identity(state) != before { tracked.didModify(state) }
    return result
  }

  @inlinable
  func scope(for identity: ChildIdentity) -> EffectScopeID {
    EffectScopeID(place: traits.place, identity: identity.id, presents: true)
  }

  @usableFromInline
  func reportActionWithoutState(_ action: Base.Action) {
    reportIssue(
      """
      An "ifLet" at "\(location.fileID):\(location.line)" received a presentation action when \
      destination state was absent. …

        Action:
      \(caseDescription(action).indented(by: 4))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer set destination state to "nil" before this reducer ran. This reducer \
      must run before any other reducer sets destination state to "nil". This ensures that \
      destination reducers can handle their actions while their state is still present.

      • This action was sent to the store while destination state was "nil". Make sure that \
      actions for this reducer can only be sent from a view store when state is present, or \
      from effects that start from this reducer. In SwiftUI applications, use a Composable \
      Architecture view modifier like "sheet(store:…)".
      """,
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    )
  }
}

/// The traits of every presentation reducer's key path, worked out once each.
@usableFromInline let presentationTraits = KeyPathMemo()
