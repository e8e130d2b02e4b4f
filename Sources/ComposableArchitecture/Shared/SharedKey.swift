import Foundation

/// Where a shared value lives beyond the references that hold it: process memory
/// (``InMemoryKey``), a file (``FileStorageKey``).
///
/// A key loads the value when the first reference is made, saves it after every change, and
/// tells the reference about changes made elsewhere (another process writing the file). Every
/// `@Shared` declaration with keys of the same ``id`` holds the same reference.
public protocol SharedKey<Value>: Sendable {
  associatedtype Value
  associatedtype ID: Hashable & Sendable

  /// Keys with the same id share one reference.
  var id: ID { get }

  /// The stored value, or `nil` when nothing is stored yet (the default value is used then).
  func load(initialValue: Value) -> Value?

  /// Calls `didSet` with each value stored by someone else, until the subscription is cancelled.
  func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription

  /// Stores a new value.
  func save(_ value: Value)
}

/// Ends a ``SharedKey`` subscription when cancelled or released.
public final class SharedSubscription: Sendable {
  private let onCancel: VisibleMutex<(@Sendable () -> Void)?>

  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.onCancel = VisibleMutex(cancel)
  }

  /// A subscription with nothing to cancel.
  public static var empty: SharedSubscription { SharedSubscription {} }

  public func cancel() {
    let cancel = onCancel.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit {
    cancel()
  }
}

extension Shared {
  /// A reference to the value stored under a key, or to `wrappedValue` when nothing is stored.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.inMemory("stats")) var stats = Stats()
  /// @Shared(.fileStorage(.statsURL)) var savedStats = Stats()
  /// ```
  ///
  /// Every declaration with the same key holds the same reference.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: SharedReferences.reference(for: key, default: wrappedValue))
  }
}

extension SharedReader {
  /// A reader of the value stored under a key.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: SharedReferences.reference(for: key, default: wrappedValue))
  }

  /// A reader of an optional value stored under a key, `nil` while nothing is stored.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @SharedReader(.appStorage("name")) var name: String?
  /// ```
  public init<Wrapped>(_ key: some SharedKey<Wrapped?>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }
}

extension Shared {
  /// A reference to an optional value stored under a key, `nil` while nothing is stored.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.appStorage("name")) var name: String?
  /// ```
  public init<Wrapped>(_ key: some SharedKey<Wrapped?>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }
}

/// A key whose writes may wait (a throttled file write), and can be made at once: the terminal
/// runner writes them on every way out, through ``flushPendingSharedWrites()``.
///
/// For example, a key that writes at most once a minute:
///
/// ```swift
/// struct MinutelyKey: SharedKey, FlushableSharedKey {
///   var id: String { "count" }
///   func load(initialValue: Int) -> Int? { nil }
///   func subscribe(
///     initialValue: Int, didSet: @escaping @Sendable (Int) -> Void
///   ) -> SharedSubscription { .empty }
///   func save(_ value: Int) { /* keep the value for the minute's write */ }
///   func flushPendingWrite() { /* write the kept value now */ }
/// }
/// ```
public protocol FlushableSharedKey {
  /// Writes at once what is waiting to be written, if anything.
  func flushPendingWrite()
}

/// A key whose storage other processes share (a file): a mutation must start from what is
/// stored now, and be written before anyone else may change it. `@Shared` makes each mutation a
/// transaction: ``beginTransaction()`` takes the storage's lock (other processes respect it) and
/// brings the stored value if someone else changed it; the mutation applies to that value; and
/// ``endTransaction(outermost:value:)`` writes the result at once and releases the lock. So two
/// processes incrementing one counter never lose an increment.
protocol TransactionalSharedKey<Value>: SharedKey {
  /// Takes the storage's lock. For the calling thread's outermost hold, also returns the stored
  /// value when it changed since this process last read or wrote it.
  func beginTransaction() -> (outermost: Bool, latest: Value?)
  /// Writes `value` at once when `outermost`, then releases the lock.
  func endTransaction(outermost: Bool, value: Value)
}

/// The live references made from keys, so that equal keys share one. References are held
/// weakly: once nobody holds a value, the next declaration loads it from its key again. A
/// reference's entry goes with it, so an app that makes keys without end (a file per document, a
/// storage per test) keeps entries for the live ones only.
enum SharedReferences {
  private final class Cache: @unchecked Sendable {
    // Recursive: loading a value under the lock may release another reference, whose entry
    // is then dropped on the same thread.
    let lock = NSRecursiveLock()
    var references: [AnyHashable: Weak] = [:]
  }

  private final class Weak {
    weak var reference: AnyObject?
    init(_ reference: AnyObject) { self.reference = reference }
  }

  private static let cache = Cache()

  static func reference<Key: SharedKey>(
    for key: Key, default makeDefault: () -> Key.Value
  ) -> RootSharedReference<Key.Value> {
    let id = AnyHashable(key.id)
    cache.lock.lock()
    defer { cache.lock.unlock() }
    if let existing = cache.references[id]?.reference as? RootSharedReference<Key.Value> {
      return existing
    }
    let initialValue = makeDefault()
    let reference = RootSharedReference(key.load(initialValue: initialValue) ?? initialValue)
    reference.persistence = KeyPersistence(
      key: key, reference: reference, initialValue: initialValue)
    cache.references[id] = Weak(reference)
    return reference
  }

  /// Drops the entry of a reference that has gone, unless a newer reference holds the id.
  static func forget(_ id: AnyHashable) {
    cache.lock.lock()
    defer { cache.lock.unlock() }
    if let entry = cache.references[id], entry.reference == nil {
      cache.references[id] = nil
    }
  }

  /// Writes what the keys of the live references have waiting.
  static func flushPendingWrites() {
    cache.lock.lock()
    let references = cache.references.values.compactMap { $0.reference as? any FlushableReference }
    cache.lock.unlock()
    for reference in references { reference.flushPendingWrite() }
  }

  /// The ids the cache holds entries for (for tests).
  static var ids: [AnyHashable] {
    cache.lock.lock()
    defer { cache.lock.unlock() }
    return Array(cache.references.keys)
  }
}

/// Saves a reference's changes through its key and applies the key's outside changes.
final class KeyPersistence<Key: SharedKey>: SharedPersistence, @unchecked Sendable {
  let key: Key
  /// The key, when its mutations are transactions (found once: a cast costs on every use).
  private let transactionalKey: (any TransactionalSharedKey<Key.Value>)?
  private let initialValue: Key.Value
  private var subscription: SharedSubscription?

  init(key: Key, reference: RootSharedReference<Key.Value>, initialValue: Key.Value) {
    self.key = key
    self.transactionalKey = key as? any TransactionalSharedKey<Key.Value>
    self.initialValue = initialValue
    self.subscription = key.subscribe(initialValue: initialValue) { [weak reference] value in
      reference?.replaceFromStorage(value)
    }
  }

  deinit {
    // The reference that owned this has gone: its entry in the cache goes too.
    SharedReferences.forget(AnyHashable(key.id))
  }

  func beginMutation() -> SharedStorageHold? {
    guard let key = transactionalKey else { return nil }
    let (outermost, latest) = key.beginTransaction()
    return SharedStorageHold(
      isOutermost: outermost, latest: latest.map { $0 as Any })
  }

  func endMutation(_ hold: SharedStorageHold?, outermost: Bool, value: Key.Value) {
    // A transactional key's storage is locked and written at once; another is told at the end.
    if let hold, let key = transactionalKey {
      key.endTransaction(outermost: hold.isOutermost, value: value)
    } else if outermost {
      key.save(value)
    }
  }

  var label: String {
    (key as? any LabelledSharedKey)?.historyLabel ?? "\(Key.self)"
  }

  func load() -> Key.Value? {
    key.load(initialValue: initialValue)
  }

  func save(_ value: Key.Value) {
    key.save(value)
    flushPendingWrite()
  }

  func flushPendingWrite() {
    (key as? any FlushableSharedKey)?.flushPendingWrite()
  }
}

/// A key that names itself in a store's history.
protocol LabelledSharedKey {
  var historyLabel: String { get }
}

extension FileStorageKey: LabelledSharedKey {
  var historyLabel: String { "fileStorage(\(file.url.lastPathComponent))" }
}

extension InMemoryKey: LabelledSharedKey {
  var historyLabel: String { "inMemory(\(name))" }
}

extension AppStorageKey: LabelledSharedKey {
  var historyLabel: String { "appStorage(\(key))" }
}

/// Writes every `@Shared` value whose write is waiting: what the default file storage and app
/// storage have pending, and what every live value's key has, when it is a
/// ``FlushableSharedKey`` (yours included). The terminal runner of `ComposableTerminalUI` calls it
/// on every way out; call it yourself before ending the process some other way.
///
/// For example, `flushPendingSharedWrites()` just before `exit(0)`.
public func flushPendingSharedWrites() {
  @Dependency(\.defaultFileStorage) var storage
  storage.flushPendingWrites()
  @Dependency(\.defaultAppStorage) var appStorage
  appStorage.flushPendingWrites()
  SharedReferences.flushPendingWrites()
}

/// A reference whose persistence may have a write waiting.
protocol FlushableReference: AnyObject {
  func flushPendingWrite()
}
