import Foundation
import Observation

/// The storage behind a ``Shared`` value: the root reference that holds the value, or a path into
/// a parent reference (`$stats.count`).
///
/// Every reference is thread-safe: reads and writes take the root's recursive lock, so a value
/// can be mutated from a reducer, an effect or a detached task alike.
public class _SharedReference<Value>: @unchecked Sendable {
  /// The root reference, whose identity names the shared value in snapshots.
  var root: AnyObject { fatalError("abstract") }

  /// The current value of the root reference, unobserved.
  func rootValue() -> Any { fatalError("abstract") }

  /// Reads the value and registers the read with the observation tracking in progress.
  func get() -> Value { fatalError("abstract") }

  /// Reads the value without registering the read.
  func peek() -> Value { fatalError("abstract") }

  /// Mutates the value under the lock and notifies observers.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R { fatalError("abstract") }

  /// Starts a mutation made of several accesses (`state.stats.count += 1` reads, then writes):
  /// takes the root's lock, and the lock of its storage when other processes share it, and
  /// brings in the latest stored value. Every call is balanced by ``endMutation(_:)`` on the
  /// same thread, which writes the value when the outermost mutation ends.
  func beginMutation() -> SharedMutation { fatalError("abstract") }

  /// Ends a mutation started by ``beginMutation()``.
  func endMutation(_ mutation: SharedMutation) { fatalError("abstract") }

  /// The value a mutation starts from: as recorded in the active snapshot, else current.
  func valueToMutate() -> Value {
    if SharedSnapshot.isActive, let snapshot = SharedSnapshot.current {
      return read(in: snapshot)
    }
    return peek()
  }

  /// Reads the value as recorded in a snapshot, or the current value when it holds none.
  func read(in snapshot: SharedSnapshot) -> Value { fatalError("abstract") }

  /// Mutates the value as recorded in a snapshot, leaving the reference alone.
  func write<R>(in snapshot: SharedSnapshot, _ body: (inout Value) throws -> R) rethrows -> R {
    fatalError("abstract")
  }

  /// Reads the root's value from its key again, if it has one.
  func loadFromStorage() { fatalError("abstract") }

  /// Saves the root's value through its key now, if it has one.
  func saveToStorage() { fatalError("abstract") }
}

/// The reference that owns a shared value.
final class RootSharedReference<Value>: _SharedReference<Value>, Observation.Observable,
  @unchecked Sendable
{
  private let lock = NSRecursiveLock()
  /// The value, in memory of its own and always under `lock`: a mutation's closure can read
  /// the value (through a shared value derived from it) while it mutates it, which a stored
  /// property's exclusive access would stop with a trap; a read there sees the change so far.
  private let cell: UnsafeMutablePointer<Value>
  private var storage: Value {
    get { cell.pointee }
    _modify { yield &cell.pointee }
  }
  private let registrar = ObservationRegistrar()
  /// Made once: a key path literal costs an instantiation on every use.
  private let valueKeyPath: KeyPath<RootSharedReference<Value>, Value>
  /// Where the value is persisted, if anywhere.
  var persistence: (any SharedPersistence<Value>)?
  /// How deep the thread holding `lock` is in mutations, and the value the outermost one
  /// started from when a history records changes (both under `lock`).
  private var mutationDepth = 0
  private var mutationStart: Value?

  init(_ value: Value) {
    cell = .allocate(capacity: 1)
    cell.initialize(to: value)
    self.valueKeyPath = \RootSharedReference<Value>.value
  }

  deinit {
    cell.deinitialize(count: 1)
    cell.deallocate()
  }

  /// The observed property.
  var value: Value {
    lock.withLock { storage }
  }

  override var root: AnyObject { self }

  override func rootValue() -> Any { peek() }

  override func get() -> Value {
    if SharedSnapshot.isActive, let snapshot = SharedSnapshot.current {
      return read(in: snapshot)
    }
    registrar.access(self, keyPath: valueKeyPath)
    return lock.withLock { storage }
  }

  override func peek() -> Value {
    lock.withLock { storage }
  }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    if SharedSnapshot.isActive, let snapshot = SharedSnapshot.current {
      return try write(in: snapshot, body)
    }
    let mutation = beginMutation()
    defer { endMutation(mutation) }
    var result: R?
    try registrar.withMutation(of: self, keyPath: valueKeyPath) {
      result = try body(&storage)
    }
    return result!
  }

  override func beginMutation() -> SharedMutation {
    if SharedSnapshot.isActive, SharedSnapshot.current != nil { return SharedMutation() }
    // The storage's lock first, then the reference's: the order a watcher's change takes too.
    let hold = persistence?.beginMutation()
    lock.lock()
    mutationDepth += 1
    if mutationDepth == 1 {
      if let latest = hold?.latest { replaceFromStorage(latest as! Value) }
      mutationStart = SharedChangeLog.isRecording ? storage : nil
    }
    return SharedMutation(began: true, hold: hold)
  }

  override func endMutation(_ mutation: SharedMutation) {
    guard mutation.began else { return }
    mutationDepth -= 1
    let outermost = mutationDepth == 0
    let value = storage
    let start = outermost ? mutationStart : nil
    if outermost { mutationStart = nil }
    lock.unlock()
    if outermost { SharedWriteWatch.current?.wrote = true }
    if let start { logChange(from: start, to: value, elsewhere: false) }
    persistence?.endMutation(mutation.hold, outermost: outermost, value: value)
  }

  /// Tells the recording histories about a change (see ``StoreHistory``).
  private func logChange(from oldValue: Value, to newValue: Value, elsewhere: Bool) {
    SharedChangeLog.record(
      reference: self, old: oldValue, new: newValue,
      description: persistence?.label ?? "Shared<\(Value.self)>", elsewhere: elsewhere)
  }

  override func loadFromStorage() {
    if let value = persistence?.load() { replaceFromStorage(value) }
  }

  override func saveToStorage() {
    persistence?.save(peek())
  }

  /// Replaces the value with one loaded from elsewhere (another process wrote the file): tells
  /// observers, and does not save it back.
  func replaceFromStorage(_ newValue: Value) {
    let oldValue: Value? = lock.withLock {
      let oldValue = SharedChangeLog.isRecording ? storage : nil
      registrar.withMutation(of: self, keyPath: valueKeyPath) {
        storage = newValue
      }
      return oldValue
    }
    if let oldValue { logChange(from: oldValue, to: newValue, elsewhere: true) }
  }

  override func read(in snapshot: SharedSnapshot) -> Value {
    snapshot.value(of: self) as? Value ?? peek()
  }

  override func write<R>(in snapshot: SharedSnapshot, _ body: (inout Value) throws -> R) rethrows
    -> R
  {
    var value = read(in: snapshot)
    let result = try body(&value)
    snapshot.setValue(value, of: self)
    return result
  }
}

/// A reference to a part of a parent's value, reached through a key path: writable for
/// ``Shared`` (`$stats.count`), read-only for ``SharedReader``.
final class DerivedSharedReference<Parent, Value>: _SharedReference<Value>, @unchecked Sendable {
  let parent: _SharedReference<Parent>
  let keyPath: KeyPath<Parent, Value>
  /// The same path, when the reference may write through it.
  let writableKeyPath: WritableKeyPath<Parent, Value>?

  init(parent: _SharedReference<Parent>, keyPath: WritableKeyPath<Parent, Value>) {
    self.parent = parent
    self.keyPath = keyPath
    self.writableKeyPath = keyPath
  }

  init(parent: _SharedReference<Parent>, readOnly keyPath: KeyPath<Parent, Value>) {
    self.parent = parent
    self.keyPath = keyPath
    self.writableKeyPath = nil
  }

  override var root: AnyObject { parent.root }

  override func rootValue() -> Any { parent.rootValue() }

  override func get() -> Value { parent.get()[keyPath: keyPath] }

  override func peek() -> Value { parent.peek()[keyPath: keyPath] }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    let keyPath = writable
    return try parent.withLock { try body(&$0[keyPath: keyPath]) }
  }

  override func beginMutation() -> SharedMutation { parent.beginMutation() }

  override func endMutation(_ mutation: SharedMutation) { parent.endMutation(mutation) }

  override func read(in snapshot: SharedSnapshot) -> Value {
    parent.read(in: snapshot)[keyPath: keyPath]
  }

  override func write<R>(in snapshot: SharedSnapshot, _ body: (inout Value) throws -> R) rethrows
    -> R
  {
    let keyPath = writable
    return try parent.write(in: snapshot) { try body(&$0[keyPath: keyPath]) }
  }

  override func loadFromStorage() { parent.loadFromStorage() }

  override func saveToStorage() { parent.saveToStorage() }

  private var writable: WritableKeyPath<Parent, Value> {
    guard let writableKeyPath else {
      preconditionFailure("A shared reader cannot write through \(keyPath).")
    }
    return writableKeyPath
  }
}

/// The value of an optional shared value, unwrapped (`Shared($rows[id: id])`): reads and writes
/// go to the wrapped value while there is one. Once it is `nil` (the row was removed), reads give
/// the last value seen and writes change only that copy, so a feature still showing the row
/// never crashes.
final class UnwrappedSharedReference<Value>: _SharedReference<Value>, @unchecked Sendable {
  let parent: _SharedReference<Value?>
  private let lock = NSRecursiveLock()
  private var lastValue: Value

  init(parent: _SharedReference<Value?>, value: Value) {
    self.parent = parent
    self.lastValue = value
  }

  override var root: AnyObject { parent.root }

  override func rootValue() -> Any { parent.rootValue() }

  override func get() -> Value { remember(parent.get()) }

  override func peek() -> Value { remember(parent.peek()) }

  override func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try parent.withLock { value in
      guard var unwrapped = value else {
        return try lock.withLock { try body(&lastValue) }
      }
      defer {
        value = unwrapped
        lock.withLock { lastValue = unwrapped }
      }
      return try body(&unwrapped)
    }
  }

  override func beginMutation() -> SharedMutation { parent.beginMutation() }

  override func endMutation(_ mutation: SharedMutation) { parent.endMutation(mutation) }

  override func read(in snapshot: SharedSnapshot) -> Value {
    parent.read(in: snapshot) ?? lock.withLock { lastValue }
  }

  override func write<R>(in snapshot: SharedSnapshot, _ body: (inout Value) throws -> R) rethrows
    -> R
  {
    try parent.write(in: snapshot) { value in
      guard var unwrapped = value else {
        var copy = lock.withLock { lastValue }
        return try body(&copy)
      }
      defer { value = unwrapped }
      return try body(&unwrapped)
    }
  }

  override func loadFromStorage() { parent.loadFromStorage() }

  override func saveToStorage() { parent.saveToStorage() }

  private func remember(_ value: Value?) -> Value {
    lock.withLock {
      guard let value else { return lastValue }
      lastValue = value
      return value
    }
  }
}

extension _SharedReference {
  /// What snapshots record for the value: its root reference and the root's current value.
  var snapshotEntry: (reference: AnyObject, value: Any) {
    (root, rootValue())
  }

  /// The value for dumps: as a test store recorded it inside a snapshot context, else current.
  var dumpValue: Any {
    if SharedSnapshot.isActive, let snapshot = SharedSnapshot.current {
      return read(in: snapshot)
    }
    return peek()
  }
}

extension _SharedReference where Value: Equatable {
  /// Equality of shared values: by value, each side as recorded inside a comparison context.
  func hasEqualValue(to other: _SharedReference<Value>) -> Bool {
    if SharedSnapshot.isActive, let comparison = SharedSnapshot.comparison {
      return read(in: comparison.lhs) == other.read(in: comparison.rhs)
    }
    if self === other { return true }
    return peek() == other.peek()
  }
}

/// A mutation under way, from ``_SharedReference/beginMutation()`` to its end.
struct SharedMutation {
  /// Whether it took the locks (not inside a test store's snapshot).
  var began = false
  /// What the storage holds for it, when the value is persisted.
  var hold: SharedStorageHold?
}

/// A persisted value's storage, held for a mutation.
struct SharedStorageHold {
  /// Whether it is the thread's outermost hold of the storage's lock.
  var isOutermost: Bool
  /// The stored value, when someone else changed it since this process last read or wrote it.
  var latest: Any?
}

/// Saves a shared value somewhere when it changes (a file, for ``FileStorageKey``).
protocol SharedPersistence<Value>: AnyObject, Sendable {
  associatedtype Value
  /// Holds the storage for a mutation (see ``SharedStorageHold``); `nil` for a storage that
  /// is told of a change only at the end of it.
  func beginMutation() -> SharedStorageHold?
  /// Stores the mutated value (at once, in a transaction) and releases the storage.
  func endMutation(_ hold: SharedStorageHold?, outermost: Bool, value: Value)
  /// The stored value, read again; `nil` when nothing is stored.
  func load() -> Value?
  /// Stores the value now, without waiting for a throttled write's turn.
  func save(_ value: Value)
  /// Writes at once what the storage has waiting, if anything.
  func flushPendingWrite()
  /// The key, as a history names the value: `fileStorage(stats.json)`.
  var label: String { get }
}

extension RootSharedReference: FlushableReference {
  func flushPendingWrite() { persistence?.flushPendingWrite() }
}
