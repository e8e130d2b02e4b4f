import CustomDump

/// A reference to a value that several features hold at once: a mutation made through any of
/// them is seen by all, and by every view that read it.
///
/// <!-- context: core-stats-tabs -->
/// ```swift
/// @ObservableState
/// struct State {
///   @Shared var stats: Stats
/// }
/// // A parent passes its reference down:
/// CounterTab.State(stats: state.$stats)
/// // Any holder mutates it, in a reducer or an effect:
/// state.stats.increment()
/// state.$stats.withLock { $0.increment() }
/// ```
///
/// A shared value is observable: reading it inside `withObservationTracking` registers the read,
/// and a mutation from anywhere (a reducer, an effect, a detached task, another store) fires
/// the observation. Two shared values are equal when their values are. `@ObservableState`
/// leaves `@Shared` fields alone; they observe themselves.
///
/// Persisted and process-wide values come from a key: `@Shared(.inMemory("stats"))`,
/// `@Shared(.fileStorage(url))`.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value>: @unchecked Sendable {
  let reference: _SharedReference<Value>

  init(reference: _SharedReference<Value>) {
    self.reference = reference
  }

  /// A new reference to a value that is not persisted: for tests, previews, and state a parent
  /// hands to its children.
  public init(value: Value) {
    self.init(reference: RootSharedReference(value))
  }

  /// Another holder of the same reference.
  public init(_ projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value of a shared optional, unwrapped; `nil` when it is `nil`.
  ///
  /// <!-- context: core-shared-rows -->
  /// ```swift
  /// if let row = Shared(state.$rows[id: id]) {
  ///   state.destination = .edit(RowForm.State(row: row))  // a Shared<Row>
  /// }
  /// ```
  ///
  /// The result reads and writes the same value as `base` (the same element of the same
  /// array). If the value later becomes `nil` (the row is removed), it keeps the last value it
  /// saw, and writes change only that copy.
  public init?(_ base: Shared<Value?>) {
    guard let value = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedSharedReference(parent: base.reference, value: value))
  }

  /// Another holder of the same reference, so `@Shared var stats: Stats` can be initialized
  /// from a parent's `$stats`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The value. Reads are observed; writes notify every holder's observers.
  ///
  /// A mutation in place (`state.stats.count += 1`, `state.stats.increment()`) is one critical
  /// section, as ``withLock(_:)`` is: for a value in a file, it starts from what the file holds
  /// now, even when another process just changed it.
  public var wrappedValue: Value {
    get { reference.get() }
    nonmutating set { reference.withLock { $0 = newValue } }
    nonmutating _modify {
      let mutation = reference.beginMutation()
      defer { reference.endMutation(mutation) }
      var value = reference.valueToMutate()
      defer { reference.withLock { $0 = value } }
      yield &value
    }
  }

  /// The reference itself, to hand to a child feature or to derive a part of it.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Mutates the value in one critical section, for changes made of several steps.
  ///
  /// <!-- context: core-stats-tabs -->
  /// ```swift
  /// state.$stats.withLock { $0.increment() }
  /// ```
  @discardableResult
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try reference.withLock(body)
  }

  /// A reference to a part of the value: `$stats.count` is a `Shared<Int>` that reads and writes
  /// the count of the same stats, and `$rows[id: id]` a `Shared<Row?>` for one row.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    Shared<Member>(reference: DerivedSharedReference(parent: reference, keyPath: keyPath))
  }

  /// A reader of a part of the value that cannot be written: `$topics.count` is a
  /// `SharedReader<Int>`.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// Reads the value from its key again (`.fileStorage`, `.appStorage`), for a key that cannot
  /// tell when its storage changes; keys that watch their storage do not need it.
  ///
  /// <!-- context: core-shared-settings -->
  /// ```swift
  /// try await $settings.load()
  /// ```
  ///
  /// Loading is synchronous here, and a value with no key is left as it is.
  public func load() async throws {
    reference.loadFromStorage()
  }

  /// Saves the value through its key now, without waiting for a throttled write's turn.
  ///
  /// <!-- context: core-shared-settings -->
  /// ```swift
  /// try await $settings.save()
  /// ```
  ///
  /// A failure is reported as keys report it (a warning); a value with no key is not saved.
  public func save() async throws {
    reference.saveToStorage()
  }

  /// Whether the value is being loaded: always `false`, because keys load synchronously when
  /// the reference is made.
  public var isLoading: Bool { false }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id, so that shared elements can be listed like their values.
  public var id: Value.ID { wrappedValue.id }
}

extension RangeReplaceableCollection {
  /// A shared reference to each element of a shared identified array, in order.
  ///
  /// <!-- context: core-shared-rows -->
  /// ```swift
  /// for row in Array(state.$rows) {
  ///   row.withLock { $0.isSelected = false }  // row is a Shared<Row>
  /// }
  /// ```
  ///
  /// Each reference reads and writes its element, found by id, as `Shared($rows[id: id])` does.
  public init<RowID: Hashable, Row>(_ shared: Shared<IdentifiedArray<RowID, Row>>)
  where Element == Shared<Row> {
    self.init()
    for id in shared.wrappedValue.ids {
      if let row = Shared<Row>(shared[id: id]) { append(row) }
    }
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Shared values are equal when their values are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.hasEqualValue(to: rhs.reference)
  }
}

extension Shared: _SharedValue {
  var _sharedRoot: (reference: AnyObject, value: Any) { reference.snapshotEntry }
}

extension Shared: CustomDumpRepresentable {
  /// Dumps show the value, as it is (or as a test store recorded it).
  public var customDumpValue: Any { reference.dumpValue }
}

extension Shared: CustomStringConvertible {
  public var description: String {
    String(customDumping: customDumpValue)
  }
}
