@_spi(Reflection) import CasePaths

/// Tells one child from another in the same place: by `id` for identifiable state, by case (and
/// the `id` of the case's value, when it has one) for enum state; otherwise every child of the
/// place is the same child.
///
/// The id is kept in a box: an optional existential is copied through the runtime's value
/// witnesses (about a hundred instructions a copy), and a presentation reducer copies identities
/// a dozen times an action at every level; a box is copied with a retain, and the identity of a
/// plain child (no box) for nothing.
@usableFromInline
struct ChildIdentity: Hashable, Sendable {
  @usableFromInline let box: Box?

  /// The id that tells this child from others, `nil` for a plain child.
  @usableFromInline
  var id: AnyHashableSendable? { box?.id }

  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let id: AnyHashableSendable
    init(_ id: AnyHashableSendable) { self.id = id }
  }

  /// How the children of one type are told apart and whether they can be ephemeral, worked out
  /// once for the type: a presentation reducer keeps one, so that a child of a plain struct
  /// type (neither identifiable nor an enum nor an alert) costs no dynamic cast per action.
  @usableFromInline
  struct Rule: Sendable {
    @usableFromInline let isIdentifiable: Bool
    @usableFromInline let isEnum: Bool
    /// Always ephemeral (an alert or a dialog itself).
    @usableFromInline let isEphemeralType: Bool

    @usableFromInline
    init<State>(_: State.Type) {
      isIdentifiable = State.self is any Identifiable.Type
      isEnum = EnumMetadata(State.self) != nil
      isEphemeralType = State.self is any _EphemeralState.Type
    }

    /// The identity of `state`, a child of the rule's type.
    @usableFromInline
    func identity<State>(of state: State) -> ChildIdentity {
      isIdentifiable || isEnum ? ChildIdentity(state) : .plain
    }

    /// Whether `state`, a child of the rule's type, is ephemeral.
    @usableFromInline
    func isEphemeral<State>(_ state: State) -> Bool {
      isEphemeralType || (isEnum && ComposableArchitecture.isEphemeral(state))
    }

    /// Whether a child of the rule's type can be ephemeral at all (an alert or a dialog, or an
    /// enum whose case may hold one).
    @inlinable
    var canBeEphemeral: Bool { isEphemeralType || isEnum }

    /// Whether a child's identity or ephemerality depends on its value: when not, every child
    /// of the rule's type is the same child (`ChildIdentity.plain`), told without reading it.
    @inlinable
    var readsChild: Bool { isIdentifiable || isEnum || isEphemeralType }

    /// Whether `action` dismisses `state`, a child of the rule's type, as one of its own
    /// ephemeral actions.
    @usableFromInline
    func isEphemeral<State, Action>(_ state: State, dismissedBy action: Action) -> Bool {
      canBeEphemeral && ComposableArchitecture.isEphemeral(state, dismissedBy: action)
    }
  }

  @usableFromInline
  init(box: Box?) {
    self.box = box
  }

  /// The identity of every child of a type that is neither identifiable nor an enum.
  @inlinable
  static var plain: Self { Self(box: nil) }

  init<State>(_ state: State) {
    if let id = identifiableID(of: state) {
      self.box = Box(AnyHashableSendable(UncheckedSendable(id)))
    } else if let metadata = EnumMetadata(State.self) {
      let tag = metadata.tag(of: state)
      let payloadID = EnumMetadata.project(state).flatMap(identifiableID(of:))
      self.box = Box(AnyHashableSendable(UncheckedSendable(EnumIdentity(tag: tag, id: payloadID))))
    } else {
      self.box = nil
    }
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.box === rhs.box { return true }
    guard let left = lhs.box, let right = rhs.box else { return false }
    return left.id == right.id
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }

  private struct EnumIdentity: Hashable {
    let tag: UInt32
    let id: AnyHashable?
  }
}

private func identifiableID(of value: Any) -> AnyHashable? {
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  guard let identifiable = value as? any Identifiable else { return nil }
  return open(identifiable)
}

/// State that only shows something and goes away after any of its actions (alerts and
/// confirmation dialogs): presentation reducers dismiss it automatically and start no effects
/// for it, and it can be presented with `ifLet` without a child reducer.
public protocol _EphemeralState {
  /// The type of the actions the state's buttons send.
  static var _actionType: Any.Type { get }
}

/// Whether presented state is ephemeral, directly or as the value of an enum case.
func isEphemeral<State>(_ state: State) -> Bool {
  ephemeralState(of: state) != nil
}

/// The ephemeral state itself: the state, or the value of its enum case.
private func ephemeralState(of state: Any) -> (any _EphemeralState)? {
  if let ephemeral = state as? any _EphemeralState { return ephemeral }
  guard EnumMetadata(type(of: state)) != nil, let payload = EnumMetadata.project(state) else {
    return nil
  }
  return payload as? any _EphemeralState
}

/// Whether `action` is one of the actions of the ephemeral state `state` (directly, or as the
/// value of an enum case, as a destination's `.alert(…)` action is): only those dismiss it. A
/// destination action of another case, sent while an alert shows, leaves the alert up.
func isEphemeral(_ state: Any, dismissedBy action: Any) -> Bool {
  guard let ephemeral = ephemeralState(of: state) else { return false }
  let actionType = type(of: ephemeral)._actionType
  if type(of: action) == actionType { return true }
  guard EnumMetadata(type(of: action)) != nil, let payload = EnumMetadata.project(action) else {
    return false
  }
  return type(of: payload) == actionType
}

extension AlertState: _EphemeralState {
  public static var _actionType: Any.Type { Action.self }
}
extension ConfirmationDialogState: _EphemeralState {
  public static var _actionType: Any.Type { Action.self }
}
