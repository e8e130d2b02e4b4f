import CustomDump

/// Read-only access to a shared value: a feature that shows a value another feature owns.
///
/// <!-- context: core-stats-tabs -->
/// ```swift
/// @ObservableState
/// struct State {
///   @SharedReader var stats: Stats
/// }
/// // A parent passes its reference down, read-only:
/// ProfileTab.State(stats: SharedReader(state.$stats))
/// ```
///
/// Reads are observed like ``Shared``'s, so a view of a reader redraws when the owner mutates
/// the value.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value>: @unchecked Sendable {
  let reference: _SharedReference<Value>

  init(reference: _SharedReference<Value>) {
    self.reference = reference
  }

  /// A reader of a shared value.
  public init(_ shared: Shared<Value>) {
    self.init(reference: shared.reference)
  }

  /// A reader of a shared optional's value, unwrapped; `nil` when it is `nil`.
  ///
  /// <!-- context: core-current-user -->
  /// ```swift
  /// if let user = SharedReader(state.$currentUser) {  // a SharedReader<User>
  ///   state.profile = Profile.State(user: user)
  /// }
  /// ```
  ///
  /// Once the value becomes `nil`, the reader keeps the last value it saw.
  public init?(_ base: Shared<Value?>) {
    self.init(SharedReader<Value?>(base))
  }

  /// A reader of an optional's value, unwrapped; `nil` when it is `nil`. Once the value becomes
  /// `nil`, the reader keeps the last value it saw.
  public init?(_ base: SharedReader<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedSharedReference(parent: base.reference, value: value))
  }

  /// Another reader of the same value.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// A reader of a constant value, for tests and previews.
  public init(value: Value) {
    self.init(reference: RootSharedReference(value))
  }

  /// The value, observed.
  public var wrappedValue: Value {
    reference.get()
  }

  /// The reader itself, to hand to a child.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A reader of a part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader<Member>(
      reference: DerivedSharedReference(parent: reference, readOnly: keyPath))
  }

  /// Reads the value from its key again; see ``Shared/load()``.
  public func load() async throws {
    reference.loadFromStorage()
  }

  /// Whether the value is being loaded: always `false`, because keys load synchronously.
  public var isLoading: Bool { false }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared {
  /// A read-only view of this shared value.
  public var reader: SharedReader<Value> {
    SharedReader(self)
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Readers are equal when their values are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.hasEqualValue(to: rhs.reference)
  }
}

extension SharedReader: _SharedValue {
  var _sharedRoot: (reference: AnyObject, value: Any) { reference.snapshotEntry }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { reference.dumpValue }
}
