extension Effect {
  /// Makes the effect cancellable with ``Effect/cancel(id:)``.
  ///
  /// <!-- context: arch-timer -->
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
  /// }
  /// .cancellable(id: CancelID.timer, cancelInFlight: true)
  /// ```
  ///
  /// With `cancelInFlight`, effects already running under the same identifier are cancelled
  /// before this one starts. Identifiers are scoped: a child presented with `ifLet` or held in a
  /// `forEach` has identifiers of its own, so it never cancels a sibling's or a parent's effects.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    switch self.operation {
    case .none:
      return .none
    default:
      return Self(
        operation: .cancellable(
          id: AnyHashableSendable(id), cancelInFlight: cancelInFlight, self))
    }
  }

  /// An effect that cancels every running effect marked with the identifier.
  ///
  /// <!-- context: arch-timer, arch-switch-cases -->
  /// ```swift
  /// case .stopButtonTapped:
  ///   return .cancel(id: CancelID.timer)
  /// ```
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(operation: .cancel(id: AnyHashableSendable(id)))
  }

  /// Runs the effect in a cancellation scope of its own (used by `ifLet`, `ifCaseLet` and
  /// `forEach` to give each child its own identifiers and to cancel all of a child's effects).
  /// The scope is made only for an effect that does something.
  @inlinable
  func _scoped(_ scope: @autoclosure () -> EffectScopeID) -> Self {
    switch self.operation {
    case .none:
      return .none
    default:
      return Self(operation: .scoped(scope(), self))
    }
  }

  /// Arms the dismissal of the presented child this is scoped to (with ``_scoped(_:)``): the
  /// first `dismiss()` from one of the child's effects runs `effect` (which tells the parent),
  /// until the scope is cancelled. A test store does not count it as a running effect.
  @inlinable
  static func _dismissal(_ effect: Self) -> Self {
    Self(operation: .dismissal(effect))
  }

  /// An effect that cancels every running effect started inside the scope.
  @inlinable
  static func _cancelScope(_ scope: EffectScopeID) -> Self {
    Self(operation: .cancelScope(scope))
  }

  /// Cancels every scope at `location` (a child collection) but those of the kept identities.
  @inlinable
  static func _cancelScopes(
    location: some Hashable, keeping: Set<AnyHashableSendable>
  ) -> Self {
    Self(
      operation: .cancelScopes(
        location: EffectScopeID(location: location, identity: nil).location, keeping: keeping))
  }
}

/// Identifies a child's cancellation scope: the place the child lives in its parent (a key path)
/// and, for identifiable or enum children, which child it is.
///
/// A class, so that the registry's arrays of scopes are copied with retains (two existentials
/// copied through value witnesses, before); its hash is worked out once (the registry hashes
/// scopes several times for each effect it keeps, and hashing a key path walks its components),
/// and equality compares the places by identity first: a key path written in a non-generic
/// `body` is one object for the life of the program.
@usableFromInline
final class EffectScopeID: Hashable, Sendable {
  @usableFromInline let location: AnyHashableSendable
  let identity: AnyHashableSendable?
  /// Whether the child is presented (`ifLet` over `@Presents`, or a stack element): its effects
  /// read `isPresented` as `true`.
  let presents: Bool
  /// The object the location is, when it is one (a key path).
  private let locationObject: ObjectIdentifier?
  private let hash: Int

  @usableFromInline
  init<Location: Hashable>(
    location: Location, identity: AnyHashableSendable?, presents: Bool = false
  ) {
    self.location = AnyHashableSendable(UncheckedSendable(location))
    self.identity = identity
    self.presents = presents
    self.locationObject = nil
    self.hash = Self.hash(self.location.hashValue, identity, presents)
  }

  /// A scope at a place that is an object (a key path): told apart by identity first. The
  /// location is wrapped as the other initializer wraps it, so the two compare equal.
  @usableFromInline
  init<Location: AnyObject & Hashable>(
    location: Location, identity: AnyHashableSendable?, presents: Bool = false
  ) {
    let wrapped = AnyHashableSendable(UncheckedSendable(location))
    self.location = wrapped
    self.identity = identity
    self.presents = presents
    // `location` keeps the object alive, so its identity is not another's while this lives.
    self.locationObject = ObjectIdentifier(location)
    // A key path's hash walks its components: worked out once per key path, for the static
    // type it was first wrapped as (the wrapper's type is part of the hash).
    var locationHash: Int?
    if let keyPath = location as? AnyKeyPath {
      let known = locationHashes.value(for: keyPath) {
        HashBox(wrapped.hashValue, type: Location.self)
      }
      if known.type == ObjectIdentifier(Location.self) { locationHash = known.hash }
    }
    self.hash = Self.hash(locationHash ?? wrapped.hashValue, identity, presents)
  }

  private static func hash(
    _ locationHash: Int, _ identity: AnyHashableSendable?, _ presents: Bool
  ) -> Int {
    var hasher = Hasher()
    hasher.combine(locationHash)
    hasher.combine(identity)
    hasher.combine(presents)
    return hasher.finalize()
  }

  @usableFromInline
  static func == (lhs: EffectScopeID, rhs: EffectScopeID) -> Bool {
    if lhs === rhs { return true }
    guard lhs.hash == rhs.hash, lhs.presents == rhs.presents else { return false }
    if lhs.locationObject == nil || lhs.locationObject != rhs.locationObject {
      guard areEqual(lhs.location, rhs.location) else { return false }
    }
    switch (lhs.identity, rhs.identity) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return areEqual(lhs, rhs)
    default: return false
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}

/// The hash of each key path a scope was made at, as a scope's location.
private let locationHashes = KeyPathMemo()

private final class HashBox {
  let hash: Int
  /// The static type of the location the hash was worked out for.
  let type: ObjectIdentifier
  init(_ hash: Int, type: Any.Type) {
    self.hash = hash
    self.type = ObjectIdentifier(type)
  }
}

/// Whether two type-erased values are equal, as `==` says, without boxing both in `AnyHashable`
/// first as `AnyHashableSendable`'s `==` does (about 5,000 instructions a comparison here, and
/// the effect registry compares scopes at every lookup): values of the same type compare with
/// that type's `==`. Values of different types still go through `AnyHashable`, which can call
/// them equal (numbers of different types).
func areEqual(_ lhs: AnyHashableSendable, _ rhs: AnyHashableSendable) -> Bool {
  guard type(of: lhs.base) == type(of: rhs.base) else { return lhs == rhs }
  return isEqual(lhs.base, to: rhs.base)
}

/// `lhs == rhs` for a value of `lhs`'s type in an existential.
private func isEqual<Value: Hashable & Sendable>(
  _ lhs: Value, to rhs: any Hashable & Sendable
) -> Bool {
  guard let rhs = rhs as? Value else { return false }
  return lhs == rhs
}
