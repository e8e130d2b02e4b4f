import Synchronization

/// The identity of an observable state value.
///
/// Two values with the same identity are "the same" state, possibly with different field values:
/// a store that reads a field of the state is told about changes to that field by the field's
/// own observation, and only needs to hear about the state as a whole when its identity changes
/// (the state was replaced by another one).
///
/// Identities are handed out by a process-wide counter: cheap to create and compare, and never
/// reused within a process.
public struct ObservableStateID: Hashable, Sendable {
  @usableFromInline let base: UInt64
  /// The enum cases the identity was tagged with, outermost last.
  @usableFromInline let tags: UInt64

  @usableFromInline
  init(base: UInt64, tags: UInt64) {
    self.base = base
    self.tags = tags
  }

  /// A new identity, distinct from every other one in the process.
  public init() {
    self.init(base: nextObservableStateID.wrappingAdd(1, ordering: .relaxed).newValue, tags: 0)
  }

  /// The identity of a value: its `_$id` when it is observable state, otherwise a new identity,
  /// so that a value that is not observable state always counts as changed.
  ///
  /// The type is cast first: a value cast copies the value into an existential box, for every
  /// element of a stack that changes. (The value is cast only when the type is not observable
  /// state, which it still can be inside an existential such as `Any`.)
  @inlinable
  public static func _$id<T>(for value: T) -> Self {
    if let type = T.self as? any ObservableState.Type { return _$id(of: value, as: type) }
    return (value as? any ObservableState)?._$id ?? Self()
  }

  @usableFromInline
  static func _$id<T, S: ObservableState>(of value: T, as _: S.Type) -> Self {
    withUnsafePointer(to: value) { pointer in
      pointer.withMemoryRebound(to: S.self, capacity: 1) { $0.pointee._$id }
    }
  }

  /// The identity of observable state.
  @inlinable
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// The same identity, told apart by an enum case: `.a(x)` and `.b(x)` have different
  /// identities even though they hold the same `x`.
  @inlinable
  public func _$tag(_ tag: UInt32) -> Self {
    // Sixteen bits per level of tagging while they fit, which tells every path apart; deeper or
    // larger tags are mixed in with a hash.
    let code = UInt64(tag) &+ 1
    if code <= 0xFFFF, tags >> 48 == 0 {
      return Self(base: base, tags: tags << 16 | code)
    }
    var hasher = Hasher()
    hasher.combine(tags)
    hasher.combine(tag)
    return Self(base: base, tags: UInt64(UInt(bitPattern: hasher.finalize())) | 1 << 63)
  }
}

extension ObservableStateID: CustomDebugStringConvertible {
  public var debugDescription: String {
    tags == 0 ? "ObservableStateID(\(base))" : "ObservableStateID(\(base), tags: \(tags))"
  }
}

/// The last identity handed out.
private let nextObservableStateID = Atomic<UInt64>(0)
