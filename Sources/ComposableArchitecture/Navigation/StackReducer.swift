import OrderedCollections

extension Reducer {
  /// Runs the features of a navigation stack, one element reducer per element.
  ///
  /// <!-- context: arch-counter-stack-parent -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in .none }
  ///     .forEach(\.path, action: \.path) {
  ///       CounterFeature()
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
  /// - a push of an id the stack contains is reported and ignored; a push of an id ahead of the
  ///   `stackElementID` generator is reported but takes place, and later appends get ids after
  ///   it; an id that was popped can be pushed again.
  @inlinable
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
      toStackActionPath: toStackAction,
      casePath: { AnyCasePath(toStackAction) },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Runs the features of a navigation stack whose elements are the cases of an enum reducer
  /// (`@Reducer enum Path`), each element with the reducer of its case.
  ///
  /// <!-- context: arch-path, arch-stack-parent, arch-body -->
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .forEach(\.path, action: \.path)
  /// ```
  @inlinable
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

// Twins of the operators above for an action path that names one case (`\.child`): see
// `IfLetReducer.swift`.
extension Reducer where Action: CasePathable {
  @_documentation(visibility: internal)
  @inlinable
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: _CasePropertyPath<
      Action, StackAction<DestinationState, DestinationAction>
    >,
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
      toStackActionPath: toStackAction,
      casePath: { Action.allCasePaths[keyPath: toStackAction] },
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @_documentation(visibility: internal)
  @inlinable
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: _CasePropertyPath<
      Action, StackAction<DestinationState, DestinationAction>
    >,
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

@usableFromInline
struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  // A body is built, copied and destroyed at every action, so the reducer holds as little as
  // it can: its base, its destination, and the traits, which keep the key path, the action case
  // path and the source location the traits were first made with. Only a call site that
  // differs from those holds its own, in `site` (an `_OperatorSite`).
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  /// What is worked out once for the stack's key path.
  @usableFromInline let traits: Traits
  /// The action case path and location of this call site, when the traits keep others.
  @usableFromInline let site:
    _OperatorSite<Base.Action, StackAction<Destination.State, Destination.Action>>?

  @inlinable
  var toStackState: WritableKeyPath<Base.State, StackState<Destination.State>> {
    traits.keyPath
  }

  @inlinable
  var toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>> {
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
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    location: SourceLocation
  ) {
    self.base = base
    self.destination = destination
    self.traits = stackTraits.value(for: toStackState) {
      Traits(toStackState, location: location)
    }
    self.site = _OperatorSite(action: toStackAction, location: location)
  }

  /// The same, given the action case's own key path (`\.path`, or a case key path): its case
  /// path is kept in the traits, so a body built again does not make it again.
  @inlinable
  init(
    base: Base,
    destination: Destination,
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackActionPath actionPath: AnyKeyPath,
    casePath: () -> AnyCasePath<
      Base.Action, StackAction<Destination.State, Destination.Action>
    >,
    location: SourceLocation
  ) {
    let traits = stackTraits.value(for: toStackState) {
      Traits(toStackState, action: actionPath, casePath(), location: location)
    }
    self.base = base
    self.destination = destination
    self.traits = traits
    self.site = .of(
      actionPath: actionPath, location: location, traits: traits, casePath: casePath)
  }

  /// What a stack reducer knows of its key path, the same at every build of its body.
  @usableFromInline
  final class Traits: _OperatorTraits {
    @usableFromInline typealias Action = Base.Action
    @usableFromInline typealias ChildAction = StackAction<Destination.State, Destination.Action>

    /// The key path the traits were made with (or one equal to it).
    @usableFromInline let keyPath: WritableKeyPath<Base.State, StackState<Destination.State>>
    /// The stack's storage when it is a field `@ObservableState` tracks: written in place, and
    /// read without registering the read with observation.
    @usableFromInline let tracked: _TrackedStorage<Base.State, StackState<Destination.State>>?
    /// Whether the elements are observable state, which tell their own observers when they
    /// change: then the stack's observers are told only when its structure changes.
    @usableFromInline let elementsAreObservable: Bool
    /// The key path as the place of the elements' effect scopes.
    @usableFromInline let place: EffectScopeID.Place
    /// The action case's own key path the traits were made with, and its case path.
    @usableFromInline let actionPath: AnyKeyPath?
    @usableFromInline
    let actionCasePath:
      AnyCasePath<
        Base.Action, StackAction<Destination.State, Destination.Action>
      >?
    /// Where the first reducer with these traits was made.
    @usableFromInline let location: SourceLocation

    @usableFromInline
    init(
      _ toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
      action actionPath: AnyKeyPath? = nil,
      _ actionCasePath: AnyCasePath<
        Base.Action, StackAction<Destination.State, Destination.Action>
      >? = nil,
      location: SourceLocation
    ) {
      keyPath = toStackState
      tracked = .of(toStackState)
      elementsAreObservable = Destination.State.self is any ObservableState.Type
      place = .of(toStackState)
      self.actionPath = actionPath
      self.actionCasePath = actionCasePath
      self.location = location
    }
  }

  /// The stack in `state`: read from its storage if it is tracked, without registering the read
  /// with observation.
  @inlinable
  func stack(in state: inout Base.State) -> StackState<Destination.State> {
    guard let tracked = traits.tracked else { return state[keyPath: toStackState] }
    return tracked.value(in: &state)
  }

  // Inlinable, as every step of it is, so that it is specialized for the client's types:
  // generic code looks up every type it names at run time, a third of a send's cost. Only the
  // reports stay out of line.
  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // Only tokens are kept from before the action: holding the ids would make the next push
    // copy them.
    let lineageBefore: ObservableStateID
    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>

    let toStackAction = self.toStackAction
    switch toStackAction.extract(from: action) {
    case let .element(id, elementAction)?:
      // The stack is read once; the copy read goes away before the parent's reducer runs, so
      // a push by the parent never copies the stack.
      let (lineage, elementEffects) = withUniqueStack(&state) { stack in
        let lineage = stack.lineage
        guard stack[id: id] != nil else { return (lineage, Effect<Destination.Action>?.none) }
        let wasInside = PresentationDepth.enter()
        let effects = destination.reduce(into: &stack[id: id]!, action: elementAction)
        PresentationDepth.leave(wasInside)
        return (lineage, effects)
      }
      lineageBefore = lineage
      if let elementEffects {
        if !elementEffects.isNone {
          destinationEffects =
            elementEffects
            .map { toStackAction.embed(.element(id: id, action: $0)) }
            ._scoped(scope(for: id))
        }
      } else {
        reportMissingElement(elementAction)
      }
      baseEffects = base.reduce(into: &state, action: action)

    case let .popFrom(id)?:
      // Missing if it was not there before the parent's reducer ran, as upstream has it: a
      // parent may pop the element itself (or replace the whole stack) on `.popFrom`. The copy
      // read goes away before the parent's reducer runs, so that a pop never copies the stack.
      let existed: Bool
      do {
        let before = stack(in: &state)
        lineageBefore = before.lineage
        existed = before.ids.contains(id)
      }
      baseEffects = base.reduce(into: &state, action: action)
      if !withUniqueStack(&state, { $0.pop(from: id) }), !existed {
        reportMissingPop(id, ids: stack(in: &state).ids)
      }

    case let .push(id, elementState)?:
      lineageBefore = stack(in: &state).lineage
      if admitsPush(of: id, into: stack(in: &state).ids) {
        baseEffects = base.reduce(into: &state, action: action)
        withUniqueStack(&state) { $0.append(elementState, id: id) }
      } else {
        baseEffects = base.reduce(into: &state, action: action)
      }

    case nil:
      lineageBefore = stack(in: &state).lineage
      baseEffects = base.reduce(into: &state, action: action)
    }

    // Merged two at a time: most actions have one effect or none, and merging those makes no
    // array.
    let effects = destinationEffects.merge(with: baseEffects)
    guard stack(in: &state).needsBookkeeping(since: lineageBefore) else { return effects }
    let bookkeepingEffects = withUniqueStack(&state) { stack in
      bookkeeping(&stack, lineageBefore)
    }
    return effects.merge(with: bookkeepingEffects)
  }

  /// Runs `body` on the stack in place, so that mutating it never copies it, however deep it is.
  ///
  /// A tracked stack is mutated in its storage, and its observers are told afterwards if what
  /// they observe changed (see `_$observationIdentity`). Any other stack is taken out of the
  /// state, which holds a placeholder meanwhile: a write through the key path of a computed
  /// field gets a copy, which would not be uniquely referenced.
  @inlinable
  func withUniqueStack<R>(
    _ state: inout Base.State, _ body: (inout StackState<Destination.State>) -> R
  ) -> R {
    if let tracked = traits.tracked {
      var changed = false
      let elementsAreObservable = traits.elementsAreObservable
      let result = tracked.modify(&state) { stack in
        let structure = stack.structure
        defer { changed = !elementsAreObservable || stack.structure != structure }
        return body(&stack)
      }
      if changed { tracked.didModify(state) }
      return result
    }
    var stack = state[keyPath: toStackState]
    state[keyPath: toStackState] = stack.placeholder
    defer { state[keyPath: toStackState] = stack }
    return body(&stack)
  }

  /// Cancels the effects of removed elements and arms the dismissal of new ones, in
  /// time proportional to what changed.
  @inlinable
  func bookkeeping(
    _ stack: inout StackState<Destination.State>, _ lineageBefore: ObservableStateID
  ) -> Effect<Base.Action> {
    var effects: [Effect<Base.Action>] = []
    defer { stack.removedMounted = [] }
    if stack.lineage != lineageBefore {
      // Another stack was assigned: the old one's elements are gone without a trace, so every
      // element scope of this stack but the new ids is cancelled.
      let keep = Set(stack.ids.map { AnyHashableSendable($0) })
      effects.append(._cancelScopes(at: traits.place, keeping: keep))
      stack.mounted = []
      stack.removedMounted = []
    }
    for id in stack.removedMounted {
      effects.append(._cancelScope(scope(for: id)))
    }
    var unmounted = stack.ids.count - stack.mounted.count
    guard unmounted > 0 else { return merged(effects) }
    // A push: the new element is on top.
    if unmounted == 1, let top = stack.ids.last, stack.mounted.insert(top).inserted {
      let dismissal = dismissalEffect(for: top)
      return effects.isEmpty ? dismissal : .merge(effects + [dismissal])
    }
    // New elements are usually on top: look from the top down until all are found.
    var newIDs: [StackElementID] = []
    var index = stack.ids.count
    while unmounted > 0, index > 0 {
      index -= 1
      let id = stack.ids[index]
      if !stack.mounted.contains(id) {
        newIDs.append(id)
        unmounted -= 1
      }
    }
    for id in newIDs.reversed() {
      stack.mounted.insert(id)
      effects.append(dismissalEffect(for: id))
    }
    return merged(effects)
  }

  /// The effects merged; one effect is returned as it is, with no array made.
  @inlinable
  func merged(_ effects: [Effect<Base.Action>]) -> Effect<Base.Action> {
    effects.count == 1 ? effects[0] : .merge(effects)
  }

  /// Arms the element's `dismiss()` to send `.popFrom(id:)`, until the element is popped.
  @inlinable
  func dismissalEffect(for id: StackElementID) -> Effect<Base.Action> {
    Effect._dismissal(.send(toStackAction.embed(.popFrom(id: id))))._scoped(scope(for: id))
  }

  @inlinable
  func scope(for id: StackElementID) -> EffectScopeID {
    EffectScopeID(place: traits.place, element: id, presents: true)
  }

  /// Whether a pushed id can join the stack: not when the stack has it. An id that left the
  /// stack can come back; one ahead of the generator is reported, and the generator moves
  /// past any pushed id so that later appends never reuse it.
  @usableFromInline
  func admitsPush(of id: StackElementID, into ids: OrderedSet<StackElementID>) -> Bool {
    if ids.contains(id) {
      report(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received a "push" action for an \
        element it already contains. …

          ID:
            \(id)
          Path IDs:
            \(ids)
        """
      )
      return false
    }
    let stackElementID = DependencyValues._current.stackElementID
    let next = stackElementID.peek()
    if id > next {
      report(
        """
        A "forEach" at "\(location.fileID):\(location.line)" received a "push" action with an \
        unexpected generational ID. …

          Received ID:
            \(id)
          Expected ID:
            \(next)
        """
      )
    }
    stackElementID.advance(past: id)
    return true
  }

  @usableFromInline
  func reportMissingPop(_ id: StackElementID, ids: OrderedSet<StackElementID>) {
    report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received a "popFrom" action for a \
      missing element. …

        ID:
          \(id)
        Path IDs:
          \(ids)
      """
    )
  }

  @usableFromInline
  func reportMissingElement(_ elementAction: Destination.Action) {
    report(
      """
      A "forEach" at "\(location.fileID):\(location.line)" received an action for a missing \
      element. …

        Action:
      \(caseDescription(elementAction).indented(by: 4))

      This is generally considered an application logic error, and can happen for a few \
      reasons:

      • A parent reducer removed an element with this ID before this reducer ran. This \
      reducer must run before any other reducer removes an element, which ensures that \
      element reducers can handle their actions while their state is still available.

      • An in-flight effect emitted this action when state contained no element at this \
      ID. While it may be perfectly reasonable to ignore this action, consider canceling the \
      associated effect before an element is removed, especially if it is a long-living \
      effect.

      • This action was sent to the store while its state contained no element at this ID. \
      To fix this make sure that actions for this reducer can only be sent from a store when \
      its state contains an element at this id. In SwiftUI applications, use \
      "NavigationStack.init(path:)" with a binding to a store.
      """
    )
  }

  private func report(_ message: String) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }
}

/// The traits of every stack reducer's key path, worked out once each.
@usableFromInline let stackTraits = KeyPathMemo()
