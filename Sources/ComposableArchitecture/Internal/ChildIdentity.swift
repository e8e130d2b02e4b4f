@_spi(Reflection) import CasePaths

/// Tells one child from another in the same place: by `id` for identifiable state, by case (and
/// the `id` of the case's value, when it has one) for enum state; otherwise every child of the
/// place is the same child.
struct ChildIdentity: Hashable, Sendable {
  let id: AnyHashableSendable?

  init<State>(_ state: State) {
    if let id = identifiableID(of: state) {
      self.id = AnyHashableSendable(UncheckedSendable(id))
    } else if let metadata = EnumMetadata(State.self) {
      let tag = metadata.tag(of: state)
      let payloadID = EnumMetadata.project(state).flatMap(identifiableID(of:))
      self.id = AnyHashableSendable(UncheckedSendable(EnumIdentity(tag: tag, id: payloadID)))
    } else {
      self.id = nil
    }
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
public protocol _EphemeralState {}

/// Whether presented state is ephemeral, directly or as the value of an enum case.
func isEphemeral<State>(_ state: State) -> Bool {
  if state is any _EphemeralState { return true }
  guard EnumMetadata(State.self) != nil, let payload = EnumMetadata.project(state) else {
    return false
  }
  return payload is any _EphemeralState
}

extension AlertState: _EphemeralState {}
extension ConfirmationDialogState: _EphemeralState {}
