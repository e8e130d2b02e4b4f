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
  public func flushPendingWrite() {
    defaults.flushPendingWrites()
  }
}

extension AppStorageKey: TransactionalSharedKey {
  func beginTransaction() -> (outermost: Bool, latest: Value?) {
    guard defaults.file.storage.locks.lock(defaults.url) == 1 else { return (false, nil) }
    // Every holder of a name changed elsewhere, this one included, is told of it here.
    defaults.takeInChangesFromElsewhere()
    return (true, nil)
  }

  func endTransaction(outermost: Bool, value: Value) {
    defer { defaults.file.storage.locks.unlock(defaults.url) }
    if outermost {
      defaults.setStoredValue(
        coding.encode(value), forKey: key, from: ObjectIdentifier(Value.self), now: true)
    } else {
      // Inside the transaction of another value of the same file: the outermost one writes the
      // whole table when it ends, this value with it.
      defaults.table.set(coding.encode(value), forKey: key, from: ObjectIdentifier(Value.self))
    }
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String {
    ".appStorage(\(String(reflecting: key)))"
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
