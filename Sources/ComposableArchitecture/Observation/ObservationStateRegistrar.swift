import Observation

/// The observation bookkeeping of a value of observable state; the `@ObservableState` macro adds
/// one to the state as `_$observationRegistrar` and routes every tracked field through it.
///
/// Copies of a state share the registrar, and so its ``id`` and its observers. The registrar is
/// invisible to the state's synthesized conformances: all registrars are equal, hash nothing,
/// encode nothing and decode to a new registrar.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the state that owns the registrar.
  public private(set) var id = ObservableStateID()
  /// The registrar, in a box of the library's own. `ObservationRegistrar` comes from a library
  /// built for evolution, whose layout a client learns only at run time: held directly, it made
  /// every `@ObservableState` struct such a type too, copied, destroyed and tested for `nil`
  /// through the runtime's value witnesses (a hundred instructions or more each time) wherever
  /// a client's code handles one. Boxed, the state is copied with a retain.
  @usableFromInline let box = Box()

  @usableFromInline
  final class Box: Sendable {
    @usableFromInline let registrar = Observation.ObservationRegistrar()
    init() {}
  }

  /// A registrar with a new identity.
  public init() {}

  /// Records that `keyPath` of `subject` was read, for the observation tracking in progress.
  @inlinable
  public func access<Subject: Observation.Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    box.registrar.access(subject, keyPath: keyPath)
  }

  /// Sets a field, notifying observers of `keyPath` unless the new value has the identity of
  /// the old one (`_$observationIdentity` of each): then the value is observable state whose
  /// changed fields have already notified their own observers.
  @inlinable
  public func mutate<Subject: Observation.Observable, Member, Value, Identity: Equatable>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ value: inout Value,
    _ newValue: Value,
    _ identityBefore: Identity,
    _ identityAfter: Identity
  ) {
    if identityBefore == identityAfter {
      value = newValue
    } else {
      box.registrar.withMutation(of: subject, keyPath: keyPath) {
        value = newValue
      }
    }
  }

  /// Ends an in-place modification of a field (`_modify`) whose identity changed: notifies the
  /// field's observers. The generated code compares the identities (`_$observationIdentity`
  /// before and after) itself and calls this only when they differ, so a modification that
  /// keeps the identity neither copies the state nor builds the key path.
  ///
  /// Only identities cross the modification, never a copy of the value: a copy alive while a
  /// collection is modified in place would make every mutation copy the whole collection.
  @inlinable
  public func didModify<Subject: Observation.Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    box.registrar.withMutation(of: subject, keyPath: keyPath) {}
  }
}

extension ObservationStateRegistrar: Equatable {
  /// Always `true`: the registrar never makes two states unequal.
  @inlinable
  public static func == (_: Self, _: Self) -> Bool { true }
}

extension ObservationStateRegistrar: Hashable {
  /// Hashes nothing: the registrar never changes the hash of a state.
  @inlinable
  public func hash(into hasher: inout Hasher) {}
}

extension ObservationStateRegistrar: Codable {
  /// A new registrar: identity and observers are not part of the encoded state.
  public init(from decoder: any Decoder) throws {
    self.init()
  }

  /// Encodes nothing.
  public func encode(to encoder: any Encoder) throws {}
}
