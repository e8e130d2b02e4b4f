import Dependencies
import Foundation

// MARK: - The defaults

/// The defaults behind `.appStorage` keys: one JSON object of name → value, in a file of the
/// user's state folder or in memory.
///
/// The app's defaults (``standard``, the live `defaultAppStorage`) are the file
/// `$XDG_STATE_HOME/<app>/app-storage.json`, else `~/.local/state/<app>/app-storage.json`, where
/// `<app>` is the executable's name. Tests get empty in-memory defaults of their own, so they
/// never touch the user's file; the dependency chooses others:
///
/// <!-- context: core-state-folder -->
/// ```swift
/// prepareDependencies {
///   $0.defaultAppStorage = AppStorageDefaults(
///     url: stateFolder.appending(component: "app-storage.json"))
/// }
/// ```
///
/// Guarantees, for the file:
/// - Writes are atomic (a temporary file renamed over the file), the file has mode 0600 and a
///   folder it creates mode 0700.
/// - Each write reads the file under an exclusive lock shared with other processes
///   (`.app-storage.json.lock` beside it) and changes only the names changed here: no writer loses
///   another's values, names this process does not know included.
/// - A mutation of an `@Shared(.appStorage(name))` is a transaction, as with `.fileStorage`:
///   under the lock, it starts from the value the file holds now and is written at once, so two
///   processes incrementing one name never lose an increment. ``set(_:forKey:)`` and its
///   siblings replace a value rather than change it: their writes are throttled, the first at
///   once, then at most one a second; ``flushPendingWrites()`` writes what is pending (call it on
///   quit).
/// - A change another process makes to a name reaches every `@Shared` holding it, with
///   observation; a change to another name notifies no one.
/// - A file that is not a JSON object is kept aside as `app-storage.json.corrupt-<timestamp>`
///   with a warning, and the defaults start empty; an unreadable one is reported and never
///   written over.
/// - Values are JSON: booleans, numbers and strings as such, `[String]` as an array, `Data` as
///   base64, `URL` as its absolute string, `Date` as ISO 8601 with milliseconds.
public final class AppStorageDefaults: Sendable {
  let file: PersistedFile
  let table: DefaultsTable

  /// The file the values are kept in.
  public var url: URL { file.url }

  /// Defaults kept in the JSON file at `url`, through `storage` (the real file system unless a
  /// test says otherwise).
  public init(url: URL, storage: FileStorage = .fileSystem) {
    let url = url.standardizedFileURL
    let table = DefaultsTable()
    self.table = table
    self.file = PersistedFile(url: url, storage: storage) { encode, willWrite in
      // Foreign values seen while merging are delivered once the lock is released.
      defer { table.finishWrite() }
      try storage.withExclusiveAccess(url) {
        guard let data = try encode() else { return }
        willWrite(data)
        try storage.save(data, url)
        table.didWrite()
      }
    }
  }

  /// The app's defaults file, in the user's state folder (see above).
  public static let standard = AppStorageDefaults(
    url: UserDirectories.current.state
      .appendingPathComponent(ProcessInfo.processInfo.processName, isDirectory: true)
      .appendingPathComponent("app-storage.json")
  )

  /// Empty defaults in memory, as tests and previews get: nothing is read or written on disk.
  public static var inMemory: AppStorageDefaults {
    AppStorageDefaults(url: URL(fileURLWithPath: "/app-storage.json"), storage: .inMemory())
  }

  /// Writes a throttled write still pending, at once.
  public func flushPendingWrites() {
    file.state.flush()
  }

  deinit {
    flushPendingWrites()
  }

  /// Stores a value under a name, as a `@Shared(.appStorage(name))` would, and tells every
  /// holder of the name. Setting `nil` removes the name.
  ///
  /// <!-- context: core-function-body -->
  /// ```swift
  /// @Dependency(\.defaultAppStorage) var defaults
  /// defaults.set(42, forKey: "count")
  /// ```
  public func set<Value: _AppStorageValue>(_ value: Value, forKey key: String) {
    setStoredValue(Value._appStorageCoding.encode(value), forKey: key, from: nil)
  }

  /// Stores a value of any type `.appStorage` keeps, or removes the name for `nil`, as
  /// `UserDefaults.setValue(_:forKey:)` does. A value of another type is reported and not stored.
  ///
  /// <!-- context: core-defaults -->
  /// ```swift
  /// defaults.setValue(42, forKey: "count")
  /// ```
  public func setValue(_ value: Any?, forKey key: String) {
    guard let value else { return removeObject(forKey: key) }
    guard let value = value as? any _AppStorageValue else {
      reportFileIssue("\(type(of: value)) values can't be kept in app storage (key \"\(key)\").")
      return
    }
    set(value, forKey: key)
  }

  /// Removes a name: its holders go back to their default values.
  public func removeObject(forKey key: String) {
    setStoredValue(nil, forKey: key, from: nil)
  }

  /// The value stored under a name, or `nil` when there is none of that type.
  ///
  /// <!-- context: core-defaults -->
  /// ```swift
  /// defaults.value(forKey: "count", as: Int.self)
  /// ```
  public func value<Value: _AppStorageValue>(
    forKey key: String, as _: Value.Type = Value.self
  ) -> Value? {
    storedValue(forKey: key).flatMap(Value._appStorageCoding.decode)
  }

  // MARK: Internals

  /// The value under a name: from the file when no subscription keeps the table current.
  func storedValue(forKey key: String) -> DefaultsValue? {
    if !table.isWatching {
      table.replaceFromFile(file.load([String: DefaultsValue].self) ?? [:])
    }
    return table.value(forKey: key)
  }

  /// Stores a value (`nil` removes the name), tells the holders of other value types (or all,
  /// when `valueType` is `nil`) and schedules a write that merges it into the file.
  ///
  /// With `now`, the write happens before this returns (a transaction's write) instead of
  /// waiting for its turn.
  func setStoredValue(
    _ value: DefaultsValue?, forKey key: String, from valueType: ObjectIdentifier?,
    now: Bool = false
  ) {
    table.set(value, forKey: key, from: valueType)
    let (url, storage, table) = (file.url, file.storage, table)
    // The state keeps this work until it writes: holding the state weakly keeps the two from
    // holding each other (the defaults flush before they go, so the state is still there).
    let write: @Sendable () throws -> Data? = { [weak state = file.state] in
      guard let state else { return nil }
      let file = PersistedFile(url: url, storage: storage, state: state)
      let data = try storage.load(url)
      let onDisk = data.flatMap { file.decode($0, as: [String: DefaultsValue].self) } ?? [:]
      return try encodeForFile(table.merge(onDisk))
    }
    if now { file.state.writeNow(write) } else { file.state.save(write) }
  }

  /// Takes in the names another process changed since this one last read or wrote the file,
  /// telling their holders. Called with the file's lock held.
  func takeInChangesFromElsewhere() {
    if let onDisk = file.loadChange([String: DefaultsValue].self) {
      table.apply(onDisk)
    }
  }

  /// Calls `onChange` with each new value of the name stored elsewhere (`nil` when removed).
  func observe(
    _ key: String, valueType: ObjectIdentifier,
    onChange: @escaping @Sendable (DefaultsValue?) -> Void
  ) -> SharedSubscription {
    let (token, needsWatch) = table.addObserver(key, valueType: valueType, onChange: onChange)
    if needsWatch {
      let file = file
      let table = table
      let watch = file.storage.watch(file.url) {
        // Under the file's lock, as mutations are (see `AppStorageKey`'s transactions).
        file.storage.locks.withLock(file.url) {
          if let onDisk = file.loadChange([String: DefaultsValue].self) {
            table.apply(onDisk)
          }
        }
      }
      table.startWatching(watch)
    }
    let table = table
    return SharedSubscription { table.removeObserver(key, token: token) }
  }
}
