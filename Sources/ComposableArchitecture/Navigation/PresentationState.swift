/// Optional child state for a presented feature (a sheet, an alert, a drill-down), stored on the
/// heap with copy-on-write.
///
/// <!-- context: arch-item-form, arch-destination -->
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// ```
///
/// Deeply nested value state overflows the stack and is slow to copy and compare (S2); this
/// wrapper keeps the child in a shared box instead, so copies are cheap, equality of two copies
/// that share storage answers without comparing the child, and a state can contain itself
/// (`@PresentationState var child: State?`). The wrapper also keeps hidden bookkeeping (which
/// child was presented) that equality, hashing, coding and custom-dump ignore. Use
/// `$destination` with `ifLet(_:action:destination:)`.
@propertyWrapper
public struct PresentationState<State> {
  @usableFromInline var storage: Storage

  /// Creates presentation state, presented when `wrappedValue` is not `nil`.
  @inlinable
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented child, or `nil`.
  public var wrappedValue: State? {
    @inlinable get { storage.state }
    @inlinable set {
      makeUnique()
      storage.state = newValue
    }
    @inlinable _modify {
      makeUnique()
      yield &storage.state
    }
  }

  /// The presented child in one case of an enum of destinations; `nil` while nothing, or
  /// another case, is presented.
  ///
  /// <!-- context: arch-item-form, arch-destination, arch-inventory, arch-inventory-send -->
  /// ```swift
  /// $0.$destination[case: \.edit]?.title = "Milk"
  /// ```
  ///
  /// Setting a value while that case is presented replaces it; setting `nil`, or setting while
  /// another case (or nothing) is presented, changes nothing.
  public subscript<Case>(case path: CaseKeyPath<State, Case>) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap { $0[case: path] } }
    set {
      guard let newValue, wrappedValue?[case: path] != nil else { return }
      wrappedValue = path(newValue)
    }
  }

  /// The wrapper itself, for `ifLet(\.$destination, action: \.destination)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// Which child the presentation reducer armed the dismissal of (hidden bookkeeping).
  @inlinable
  var presentedID: ChildIdentity? {
    get { storage.presentedID }
    set {
      guard storage.presentedID != newValue else { return }
      makeUnique()
      storage.presentedID = newValue
    }
  }

  /// Whether a child is presented, told without copying it.
  @inlinable
  var isPresenting: Bool {
    switch storage.state {
    case .none: false
    case .some: true
    }
  }

  /// Whether the presentation reducer armed the dismissal of a child, told without copying
  /// its identity.
  @inlinable
  var isArmed: Bool {
    switch storage.presentedID {
    case .none: false
    case .some: true
    }
  }

  /// Whether two values share storage: equal without looking at the child.
  func sharesStorage(with other: Self) -> Bool {
    storage === other.storage
  }

  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(state: storage.state, presentedID: storage.presentedID)
    }
  }

  /// The box. `state` and `presentedID` are written only after `makeUnique()`, through the one
  /// wrapper that holds the box, so two accesses to them can never overlap; the runtime's
  /// exclusivity check (a thread-local access set, at every level of a nested presentation) is
  /// left out.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var state: State?
    @usableFromInline @exclusivity(unchecked) var presentedID: ChildIdentity?

    @usableFromInline
    init(state: State?, presentedID: ChildIdentity? = nil) {
      self.state = state
      self.presentedID = presentedID
    }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Equal at once when both share storage (a copy that was not mutated since), and by the
  /// children's equality otherwise. Inlinable, so a client's comparison of nested presentation
  /// states is specialized and never looks up generic metadata.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(State?.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension PresentationState: CustomDumpRepresentable {
  /// Dumps as the child alone: the bookkeeping never shows in diffs.
  public var customDumpValue: Any {
    wrappedValue as Any
  }
}
