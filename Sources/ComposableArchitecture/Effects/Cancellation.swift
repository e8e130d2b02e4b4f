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
    at place: EffectScopeID.Place, keeping: Set<AnyHashableSendable>
  ) -> Self {
    Self(operation: .cancelScopes(location: place.value, keeping: keeping))
  }
}

/// Identifies a child's cancellation scope: the place the child lives in its parent (a key path)
/// and, for identifiable or enum children, which child it is.
///
/// A class, so that the registry's paths of scopes are copied with retains (two existentials
/// copied through value witnesses, before); its hash is worked out once (the registry hashes
/// scopes several times for each effect it keeps), and equality compares the places by identity
/// first: a key path written in a non-generic `body` is one object for the life of the program.
@usableFromInline
final class EffectScopeID: Hashable, Sendable {
  @usableFromInline let place: Place
  private let storedIdentity: Identity
  /// Whether the child is presented (`ifLet` over `@Presents`, or a stack element): its effects
  /// read `isPresented` as `true`.
  let presents: Bool
  /// The hash, worked out once.
  let hash: Int

  /// Which child of the place it is. A stack element's id is kept as it is: erasing it would
  /// box it, and comparing erased ids casts them, at every push and pop.
  private enum Identity: Sendable {
    case none
    case element(StackElementID)
    case other(AnyHashableSendable)
  }

  /// The place the child lives in its parent, type-erased.
  var location: AnyHashableSendable { place.value }

  /// Which child of the place it is, type-erased (`nil` for the one child of a place).
  var identity: AnyHashableSendable? {
    switch storedIdentity {
    case .none: nil
    case let .element(id): AnyHashableSendable(id)
    case let .other(identity): identity
    }
  }

  @usableFromInline
  convenience init<Location: Hashable>(
    location: Location, identity: AnyHashableSendable?, presents: Bool = false
  ) {
    self.init(place: Place(location), identity: identity, presents: presents)
  }

  /// A scope at a place that is an object (a key path): told apart by identity first.
  @usableFromInline
  convenience init<Location: AnyObject & Hashable>(
    location: Location, identity: AnyHashableSendable?, presents: Bool = false
  ) {
    self.init(place: .of(location), identity: identity, presents: presents)
  }

  /// A scope at a place worked out before (a reducer keeps its key path's place, so that making
  /// a child's scope hashes only the child's identity).
  @usableFromInline
  convenience init(place: Place, identity: AnyHashableSendable?, presents: Bool) {
    self.init(
      place: place, identity: identity.map(Identity.other) ?? .none,
      identityHash: identity?.hashValue ?? 0, presents: presents)
  }

  /// The scope of a stack element. It equals, and hashes as, the scope made with the id erased.
  @usableFromInline
  convenience init(place: Place, element id: StackElementID, presents: Bool) {
    // An erased value hashes as the value does.
    self.init(place: place, identity: .element(id), identityHash: id.hashValue, presents: presents)
  }

  private init(place: Place, identity: Identity, identityHash: Int, presents: Bool) {
    self.place = place
    self.storedIdentity = identity
    self.presents = presents
    var hasher = Hasher()
    hasher.combine(place.hash)
    hasher.combine(identityHash)
    hasher.combine(presents)
    self.hash = hasher.finalize()
  }

  @usableFromInline
  static func == (lhs: EffectScopeID, rhs: EffectScopeID) -> Bool {
    if lhs === rhs { return true }
    guard lhs.hash == rhs.hash, lhs.presents == rhs.presents, lhs.place == rhs.place else {
      return false
    }
    switch (lhs.storedIdentity, rhs.storedIdentity) {
    case (.none, .none): return true
    case (.none, _), (_, .none): return false
    case let (.element(lhs), .element(rhs)): return lhs == rhs
    default: return areEqual(lhs.identity!, rhs.identity!)
    }
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The place a child lives in its parent, type-erased, with its hash worked out once.
  @usableFromInline
  final class Place: Equatable, Sendable {
    @usableFromInline let value: AnyHashableSendable
    /// The object the place is, when it is one (a key path).
    private let object: ObjectIdentifier?
    let hash: Int
    /// The static type the place was wrapped as (the wrapper's type is part of the hash).
    private let type: ObjectIdentifier

    init<Location: Hashable>(_ location: Location) {
      value = AnyHashableSendable(UncheckedSendable(location))
      object = nil
      hash = value.hashValue
      type = ObjectIdentifier(Location.self)
    }

    private init<Location: AnyObject & Hashable>(object location: Location) {
      value = AnyHashableSendable(UncheckedSendable(location))
      // `value` keeps the object alive, so its identity is not another's while this lives.
      object = ObjectIdentifier(location)
      hash = value.hashValue
      type = ObjectIdentifier(Location.self)
    }

    /// The place of an object: a key path's is worked out once per key path (its hash walks
    /// its components), for the static type it was first wrapped as.
    @usableFromInline
    static func of<Location: AnyObject & Hashable>(_ location: Location) -> Place {
      guard let keyPath = location as? AnyKeyPath else { return Place(object: location) }
      let known = places.value(for: keyPath) { Place(object: location) }
      guard known.type == ObjectIdentifier(Location.self) else { return Place(object: location) }
      return known
    }

    @usableFromInline
    static func == (lhs: Place, rhs: Place) -> Bool {
      if lhs === rhs { return true }
      guard lhs.hash == rhs.hash else { return false }
      if let object = lhs.object, object == rhs.object { return true }
      return areEqual(lhs.value, rhs.value)
    }
  }
}

/// The place of each key path a scope was made at.
private let places = KeyPathMemo()

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
