import Dependencies

/// A shared value kept in memory under a name: every `@Shared(.inMemory("stats"))` in the
/// process holds the same reference. Nothing is written anywhere.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  let name: String
  let storage: InMemoryStorage

  init(_ name: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.name = name
    self.storage = storage
  }

  public struct ID: Hashable, Sendable {
    let storage: ObjectIdentifier
    let name: String
  }

  public var id: ID { ID(storage: ObjectIdentifier(storage), name: name) }

  public func load(initialValue: Value) -> Value? {
    storage.value(forKey: name) as? Value
  }

  public func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription {
    .empty
  }

  public func save(_ value: Value) {
    storage.setValue(value, forKey: name)
  }
}

extension SharedKey {
  /// A value kept in memory under a name, shared by every declaration with that name.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.inMemory("stats")) var stats = Stats()
  /// ```
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name)
  }
}

/// The values of in-memory keys. Each test gets its own (the `defaultInMemoryStorage`
/// dependency), so tests running in parallel never see each other's values.
public final class InMemoryStorage: Sendable {
  private let values = VisibleMutex<[String: any Sendable]>([:])

  public init() {}

  func value(forKey key: String) -> (any Sendable)? {
    values.withLock { $0[key] }
  }

  func setValue(_ value: any Sendable, forKey key: String) {
    values.withLock { $0[key] = value }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// Where `@Shared(.inMemory(_:))` values live.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}
