import CustomDump

/// Read-only access to a shared value: a feature that shows a value another feature owns.
///
/// ```swift
/// @SharedReader var stats: Stats
/// // …
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
    SharedReader<Member>(reference: ReadOnlySharedReference(parent: reference, keyPath: keyPath))
  }
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
    if SharedSnapshot.isActive, let comparison = SharedSnapshot.comparison {
      return lhs.reference.read(in: comparison.lhs) == rhs.reference.read(in: comparison.rhs)
    }
    if lhs.reference === rhs.reference { return true }
    return lhs.reference.peek() == rhs.reference.peek()
  }
}

extension SharedReader: _SharedValue {
  var _sharedRoot: (reference: AnyObject, value: Any) {
    (reference.root, reference.rootValue())
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any {
    if SharedSnapshot.isActive, let snapshot = SharedSnapshot.current {
      return reference.read(in: snapshot)
    }
    return reference.peek()
  }
}

/// A read-only path into a parent reference.
final class ReadOnlySharedReference<Parent, Value>: _SharedReference<Value>, @unchecked Sendable {
  let parent: _SharedReference<Parent>
  let keyPath: KeyPath<Parent, Value>

  init(parent: _SharedReference<Parent>, keyPath: KeyPath<Parent, Value>) {
    self.parent = parent
    self.keyPath = keyPath
  }

  override var root: AnyObject { parent.root }
  override func rootValue() -> Any { parent.rootValue() }
  override func get() -> Value { parent.get()[keyPath: keyPath] }
  override func peek() -> Value { parent.peek()[keyPath: keyPath] }
  override func read(in snapshot: SharedSnapshot) -> Value {
    parent.read(in: snapshot)[keyPath: keyPath]
  }
}
