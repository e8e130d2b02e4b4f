import Dependencies
import Foundation

extension SharedKey {
  /// A simple value kept under a name in the app's defaults, as `UserDefaults` keeps it on Apple
  /// platforms: a `Bool`, `Int`, `Double`, `String`, `[String]`, `Data`, `URL` or `Date`, or an
  /// optional of one of them.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.appStorage("count")) var count = 0
  /// @Shared(.appStorage("isOn")) var isOn = false
  /// @Shared(.appStorage("name")) var name: String?
  /// ```
  ///
  /// The default value is used while the defaults hold nothing under the name (or hold a value of
  /// another type); setting an optional to `nil` removes the name. Every declaration of the name
  /// holds the same reference. See ``AppStorageDefaults`` for where the values live and what is
  /// guaranteed; tests get empty defaults of their own.
  ///
  /// - Parameters:
  ///   - key: The name the value is kept under.
  ///   - store: The defaults to use; `nil` for the `defaultAppStorage` dependency.
  public static func appStorage<Value: _AppStorageValue>(
    _ key: String, store: AppStorageDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: Value._appStorageCoding)
  }

  /// A `RawRepresentable` value (an enum with `Int` or `String` raw values, say) kept under a
  /// name in the app's defaults as its raw value.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// enum Theme: String { case light, dark }
  /// @Shared(.appStorage("theme")) var theme = Theme.light
  /// ```
  ///
  /// A stored raw value that names no value gives the default value.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageDefaults? = nil
  ) -> Self where Value.RawValue: _AppStorageValue, Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coding: .rawRepresentable())
  }

  /// An optional `RawRepresentable` value kept under a name in the app's defaults as its raw
  /// value; `nil` removes the name.
  ///
  /// <!-- context: core-tab, core-state-fields -->
  /// ```swift
  /// @Shared(.appStorage("lastTab")) var lastTab: Tab?
  /// ```
  public static func appStorage<Wrapped: RawRepresentable & Sendable>(
    _ key: String, store: AppStorageDefaults? = nil
  ) -> Self where Wrapped.RawValue: _AppStorageValue, Self == AppStorageKey<Wrapped?> {
    AppStorageKey(key, store: store, coding: .optional(.rawRepresentable()))
  }
}

/// A value kept under a name in an ``AppStorageDefaults``: what `.appStorage("name")` makes.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  let key: String
  let defaults: AppStorageDefaults
  let coding: _AppStorageCoding<Value>

  init(_ key: String, store: AppStorageDefaults?, coding: _AppStorageCoding<Value>) {
    @Dependency(\.defaultAppStorage) var defaultAppStorage
    self.key = key
    self.defaults = store ?? defaultAppStorage
    self.coding = coding
  }

  /// Declarations of one name in one defaults, with one value type, share a reference; those of
  /// another type (`Int` and `Int?`) hold references of their own that follow each other.
  public struct ID: Hashable, Sendable {
    let defaults: ObjectIdentifier
    let key: String
    let valueType: ObjectIdentifier
  }

  public var id: ID {
    ID(defaults: ObjectIdentifier(defaults), key: key, valueType: ObjectIdentifier(Value.self))
  }

  public func load(initialValue: Value) -> Value? {
    defaults.storedValue(forKey: key).flatMap(coding.decode)
  }

  public func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription {
    let coding = coding
    return defaults.observe(key, valueType: ObjectIdentifier(Value.self)) { stored in
      // A removed name goes back to the default; a value of another type is ignored.
      guard let stored else { return didSet(initialValue) }
      if let value = coding.decode(stored) { didSet(value) }
    }
  }

  public func save(_ value: Value) {
    defaults.setStoredValue(
      coding.encode(value), forKey: key, from: ObjectIdentifier(Value.self))
  }
}

extension AppStorageKey: FlushableSharedKey {
  func flushPendingWrite() {
    defaults.flushPendingWrites()
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String {
    ".appStorage(\(String(reflecting: key)))"
  }
}

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
///   folder it creates mode 0700. They are throttled as `.fileStorage`'s are: the first at once,
///   then at most one a second; ``flushPendingWrites()`` writes what is pending (call it on quit).
/// - Each write reads the file under an exclusive lock shared with other processes
///   (`.app-storage.json.lock` beside it) and changes only the names changed here: no writer loses
///   another's values, names this process does not know included.
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
  func setStoredValue(
    _ value: DefaultsValue?, forKey key: String, from valueType: ObjectIdentifier?
  ) {
    table.set(value, forKey: key, from: valueType)
    let (url, storage, table) = (file.url, file.storage, table)
    // The state keeps this work until it writes: holding the state weakly keeps the two from
    // holding each other (the defaults flush before they go, so the state is still there).
    file.state.save { [weak state = file.state] in
      guard let state else { return nil }
      let file = PersistedFile(url: url, storage: storage, state: state)
      let data = try storage.load(url)
      let onDisk = data.flatMap { file.decode($0, as: [String: DefaultsValue].self) } ?? [:]
      return try encodeForFile(table.merge(onDisk))
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
        if let onDisk = file.loadChange([String: DefaultsValue].self) {
          table.apply(onDisk)
        }
      }
      table.startWatching(watch)
    }
    let table = table
    return SharedSubscription { table.removeObserver(key, token: token) }
  }
}

/// The values of one defaults, the names changed here and not yet written, and who observes
/// which name.
final class DefaultsTable: Sendable {
  struct Observer {
    let valueType: ObjectIdentifier
    let onChange: @Sendable (DefaultsValue?) -> Void
  }

  fileprivate struct State {
    var values: [String: DefaultsValue] = [:]
    /// Names changed here and not yet in the file, with the generation of their change.
    var pending: [String: Int] = [:]
    /// The pending names the write under way carries.
    var writing: [String: Int] = [:]
    var generation = 0
    var observers: [String: [Int: Observer]] = [:]
    var nextToken = 0
    var watch: SharedSubscription?
    /// Changes from elsewhere found while merging, told once the write is over.
    var noticed: [(Observer, DefaultsValue?)] = []
  }

  private let state = VisibleMutex(State())

  var isWatching: Bool { state.withLock { $0.watch != nil } }

  func value(forKey key: String) -> DefaultsValue? {
    state.withLock { $0.values[key] }
  }

  /// Takes the file's values, keeping the names changed here.
  func replaceFromFile(_ onDisk: [String: DefaultsValue]) {
    state.withLock { state in
      state.values = state.overlayingPending(on: onDisk)
    }
  }

  func set(_ value: DefaultsValue?, forKey key: String, from valueType: ObjectIdentifier?) {
    let observers = state.withLock { state in
      state.values[key] = value
      state.generation += 1
      state.pending[key] = state.generation
      return state.observers[key, default: [:]].values.filter { $0.valueType != valueType }
    }
    for observer in observers { observer.onChange(value) }
  }

  /// The file's next contents: what is on disk with the names changed here. Names changed
  /// elsewhere are taken in, and their observers told once the write is over.
  func merge(_ onDisk: [String: DefaultsValue]) -> [String: DefaultsValue] {
    state.withLock { state in
      let merged = state.overlayingPending(on: onDisk)
      state.noticed += state.changes(to: merged)
      state.values = merged
      state.writing = state.pending
      return merged
    }
  }

  /// The write carrying the pending names succeeded: those not changed again since are done.
  func didWrite() {
    state.withLock { state in
      for (key, generation) in state.writing where state.pending[key] == generation {
        state.pending[key] = nil
      }
      state.writing = [:]
    }
  }

  func finishWrite() {
    let noticed = state.withLock { state in
      defer { state.noticed = [] }
      state.writing = [:]
      return state.noticed
    }
    for (observer, value) in noticed { observer.onChange(value) }
  }

  /// Takes in a file another process wrote, telling the observers of each name that changed.
  func apply(_ onDisk: [String: DefaultsValue]) {
    let changes = state.withLock { state in
      let merged = state.overlayingPending(on: onDisk)
      defer { state.values = merged }
      return state.changes(to: merged)
    }
    for (observer, value) in changes { observer.onChange(value) }
  }

  /// Registers an observer; says whether the file needs watching.
  func addObserver(
    _ key: String, valueType: ObjectIdentifier,
    onChange: @escaping @Sendable (DefaultsValue?) -> Void
  ) -> (token: Int, needsWatch: Bool) {
    state.withLock { state in
      state.nextToken += 1
      state.observers[key, default: [:]][state.nextToken] = Observer(
        valueType: valueType, onChange: onChange)
      return (state.nextToken, state.watch == nil)
    }
  }

  /// Keeps the watch while anyone observes; a watch started twice by a race is cancelled.
  func startWatching(_ watch: SharedSubscription) {
    let redundant: SharedSubscription? = state.withLock { state in
      guard state.watch == nil, !state.observers.isEmpty else { return watch }
      state.watch = watch
      return nil
    }
    redundant?.cancel()
  }

  /// Removes an observer; the last one out stops the watch.
  func removeObserver(_ key: String, token: Int) {
    let watch: SharedSubscription? = state.withLock { state in
      state.observers[key]?[token] = nil
      if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
      guard state.observers.isEmpty else { return nil }
      defer { state.watch = nil }
      return state.watch
    }
    watch?.cancel()
  }
}

extension DefaultsTable.State {
  /// The file's values with the names changed here as they are here (absent when removed).
  fileprivate func overlayingPending(on onDisk: [String: DefaultsValue]) -> [String: DefaultsValue]
  {
    var merged = onDisk
    for key in pending.keys { merged[key] = values[key] }
    return merged
  }

  /// The observers to tell, with their new value, when the values become `newValues`.
  fileprivate func changes(
    to newValues: [String: DefaultsValue]
  ) -> [(DefaultsTable.Observer, DefaultsValue?)] {
    var changes: [(DefaultsTable.Observer, DefaultsValue?)] = []
    for (key, keyObservers) in observers where values[key] != newValues[key] {
      for observer in keyObservers.values { changes.append((observer, newValues[key])) }
    }
    return changes
  }
}

private enum AppStorageDefaultsKey: DependencyKey {
  static var liveValue: AppStorageDefaults { .standard }
  static var testValue: AppStorageDefaults { .inMemory }
  static var previewValue: AppStorageDefaults { .inMemory }
}

extension DependencyValues {
  /// The defaults `.appStorage` keys use: the app's file (``AppStorageDefaults/standard``) when
  /// the app runs, empty in-memory defaults of its own for each test and preview.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.defaultAppStorage = .inMemory
  /// } operation: {
  ///   // …
  /// }
  /// ```
  public var defaultAppStorage: AppStorageDefaults {
    get { self[AppStorageDefaultsKey.self] }
    set { self[AppStorageDefaultsKey.self] = newValue }
  }
}

// MARK: - Values

/// A type `.appStorage` can keep: `Bool`, `Int`, `Double`, `String`, `[String]`, `Data`, `URL`,
/// `Date`, and optionals of them. Not meant for conformances of your own: `RawRepresentable`
/// values are kept through their raw values, and anything else belongs in `.fileStorage`.
public protocol _AppStorageValue: Sendable {
  static var _appStorageCoding: _AppStorageCoding<Self> { get }
}

/// How a value is kept in the defaults' JSON.
public struct _AppStorageCoding<Value>: Sendable {
  /// The JSON for a value; `nil` for no value (the name is removed).
  let encode: @Sendable (Value) -> DefaultsValue?
  /// The value for some JSON, or `nil` when it holds no value of this type.
  let decode: @Sendable (DefaultsValue) -> Value?

  static func optional<Wrapped>(_ base: _AppStorageCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    _AppStorageCoding(
      encode: { $0.flatMap(base.encode) },
      decode: { base.decode($0).map(Optional.some) }
    )
  }

  static func rawRepresentable() -> Self
  where Value: RawRepresentable & Sendable, Value.RawValue: _AppStorageValue {
    let base = Value.RawValue._appStorageCoding
    return _AppStorageCoding(
      encode: { base.encode($0.rawValue) },
      decode: { base.decode($0).flatMap(Value.init(rawValue:)) }
    )
  }
}

extension Bool: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Bool> {
    _AppStorageCoding(encode: { .bool($0) }, decode: { $0.bool })
  }
}

extension Int: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Int> {
    _AppStorageCoding(encode: { .int($0) }, decode: { $0.int })
  }
}

extension Double: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Double> {
    _AppStorageCoding(encode: DefaultsValue.init(double:), decode: { $0.double })
  }
}

extension String: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<String> {
    _AppStorageCoding(encode: { .string($0) }, decode: { $0.string })
  }
}

extension Array: _AppStorageValue where Element == String {
  public static var _appStorageCoding: _AppStorageCoding<[String]> {
    _AppStorageCoding(
      encode: { .array($0.map(DefaultsValue.string)) },
      decode: { value in
        guard case let .array(elements) = value else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
      }
    )
  }
}

extension Data: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Data> {
    _AppStorageCoding(
      encode: { .string($0.base64EncodedString()) },
      decode: { $0.string.flatMap { Data(base64Encoded: $0) } }
    )
  }
}

extension URL: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<URL> {
    _AppStorageCoding(
      encode: { .string($0.absoluteString) },
      decode: { $0.string.flatMap { URL(string: $0) } }
    )
  }
}

extension Date: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Date> {
    _AppStorageCoding(
      encode: { .string(iso8601WithMilliseconds.format($0)) },
      decode: { value in
        if let seconds = value.double, value.string == nil {
          return Date(timeIntervalSince1970: seconds)
        }
        guard let text = value.string else { return nil }
        return (try? iso8601WithMilliseconds.parse(text))
          ?? (try? Date.ISO8601FormatStyle().parse(text))
      }
    )
  }
}

private let iso8601WithMilliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

extension Optional: _AppStorageValue where Wrapped: _AppStorageValue {
  public static var _appStorageCoding: _AppStorageCoding<Wrapped?> {
    .optional(Wrapped._appStorageCoding)
  }
}

/// A JSON value of the defaults file. Values this library never writes (objects, nested arrays)
/// are kept as they are, so that a write never loses another program's names.
enum DefaultsValue: Sendable, Codable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([DefaultsValue])
  case object([String: DefaultsValue])

  /// A double, with the values JSON has no number for (infinities, NaN) as strings.
  init(double: Double) {
    if double.isFinite {
      self = .double(double)
    } else {
      self = .string(double.isNaN ? "NaN" : double < 0 ? "-Infinity" : "Infinity")
    }
  }

  var bool: Bool? {
    if case let .bool(value) = self { value } else { nil }
  }

  var int: Int? {
    switch self {
    case let .int(value): value
    case let .double(value): Int(exactly: value)
    default: nil
    }
  }

  var double: Double? {
    switch self {
    case let .double(value): value
    case let .int(value): Double(value)
    case .string("Infinity"): .infinity
    case .string("-Infinity"): -.infinity
    case .string("NaN"): .nan
    default: nil
    }
  }

  var string: String? {
    if case let .string(value) = self { value } else { nil }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([DefaultsValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: DefaultsValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case let .bool(value): try container.encode(value)
    case let .int(value): try container.encode(value)
    case let .double(value): try container.encode(value)
    case let .string(value): try container.encode(value)
    case let .array(value): try container.encode(value)
    case let .object(value): try container.encode(value)
    }
  }

  /// Numbers are equal by value: JSON writes `2.0` as `2`, which reads back as an integer.
  static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case let (.bool(lhs), .bool(rhs)): lhs == rhs
    case let (.int(lhs), .int(rhs)): lhs == rhs
    case (.int, .double), (.double, .int), (.double, .double): lhs.double == rhs.double
    case let (.string(lhs), .string(rhs)): lhs == rhs
    case let (.array(lhs), .array(rhs)): lhs == rhs
    case let (.object(lhs), .object(rhs)): lhs == rhs
    default: false
    }
  }
}
