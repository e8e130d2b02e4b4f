@_spi(Reflection) import CasePaths

/// Tells one child from another in the same place: by `id` for identifiable state, by case for
/// enum state, otherwise all children of the place are the same child.
struct ChildIdentity: Equatable {
  let id: AnyHashableSendable?

  init<State>(_ state: State) {
    if let identifiable = state as? any Identifiable {
      self.id = AnyHashableSendable(UncheckedSendable(Self.hashableID(of: identifiable)))
    } else if let tag = enumTag(state) {
      self.id = AnyHashableSendable(tag)
    } else {
      self.id = nil
    }
  }

  private static func hashableID<T: Identifiable>(of value: T) -> AnyHashable {
    AnyHashable(value.id)
  }
}

/// The case index of an enum value, or `nil` for values that are not enums.
func enumTag<T>(_ value: T) -> UInt32? {
  guard let metadata = EnumMetadata(T.self) else { return nil }
  return metadata.tag(of: value)
}
