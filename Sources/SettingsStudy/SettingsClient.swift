import ComposableArchitecture
import DemoSupport
import Foundation

/// The owner of the display settings (S5's dependency ownership): features read them with
/// `get`, change them with `set`, and follow every change made anywhere with `observe`.
///
/// For example, a screen that keeps its preview current:
///
/// <!-- context: core-settings-observation -->
/// ```swift
/// for await settings in settingsClient.observe() {
///   await send(.settingsChanged(settings))
/// }
/// ```
///
/// The live client keeps one value per state folder for the whole process, stored as JSON in
/// `settings.json` there.
public struct SettingsClient: Sendable {
  /// The current settings.
  public var get: @Sendable () -> DisplaySettings
  /// Changes the settings: observers hear of it at once; then they are saved. Throws a
  /// ``SaveError`` when saving failed (the new settings stay in effect for this run).
  public var set: @Sendable (DisplaySettings) async throws -> Void
  /// The current settings, then each change, until the stream's consumer stops.
  public var observe: @Sendable () -> AsyncStream<DisplaySettings>
  /// Changes the fields that differ between two values (a form's old and new settings) in the
  /// settings as they are now, leaving the others as they are, then saves them. Another
  /// instance's change to another field is kept, where `set` would write a stale copy over it.
  /// Throws as `set` does.
  public var change: @Sendable (_ from: DisplaySettings, _ to: DisplaySettings) async throws -> Void

  /// Creates a client from its endpoints. Without `change`, a change sets the current settings
  /// with the changed fields (through `get` and `set`).
  public init(
    get: @escaping @Sendable () -> DisplaySettings,
    set: @escaping @Sendable (DisplaySettings) async throws -> Void,
    observe: @escaping @Sendable () -> AsyncStream<DisplaySettings>,
    change: (@Sendable (DisplaySettings, DisplaySettings) async throws -> Void)? = nil
  ) {
    self.get = get
    self.set = set
    self.observe = observe
    self.change =
      change ?? { old, new in
        try await set(get().applying(changesFrom: old, to: new))
      }
  }

  /// Why settings could not be saved, worded for the user.
  public struct SaveError: Error, Equatable, Sendable {
    /// What went wrong.
    public var message: String
    /// Creates an error.
    public init(message: String) { self.message = message }
  }

  /// A client holding its settings in memory: for tests and replays.
  ///
  /// For example, `$0.settingsClient = .inMemory(DisplaySettings(theme: .ocean))`.
  public static func inMemory(_ initial: DisplaySettings = DisplaySettings()) -> Self {
    let box = SettingsBox(initial)
    return SettingsClient(
      get: { box.value }, set: { box.update($0) }, observe: { box.observe() })
  }

  /// The client of the settings file `settings.json` in `directory`, kept through `storage`
  /// (the `defaultFileStorage` dependency when `nil`, so the same atomic, owner-only writes
  /// and corrupt-file handling as `.fileStorage` keys): the same value for every client of the
  /// same file in this process.
  public static func file(in directory: URL, storage: FileStorage? = nil) -> Self {
    @Dependency(\.defaultFileStorage) var defaultStorage
    let file = SettingsFile.shared(in: directory, storage: storage ?? defaultStorage)
    return SettingsClient(
      get: { file.box.value },
      set: { settings in try file.update { $0 = settings } },
      observe: { file.box.observe() },
      change: { old, new in try file.update { $0 = $0.applying(changesFrom: old, to: new) } })
  }
}

extension SettingsClient: DependencyKey {
  /// The settings file of the state folder (`@Dependency(\.stateDirectory)`), read when first
  /// used.
  public static var liveValue: SettingsClient {
    SettingsClient(
      get: { current().get() },
      set: { try await current().set($0) },
      observe: { current().observe() },
      change: { try await current().change($0, $1) })
  }

  private static func current() -> SettingsClient {
    @Dependency(\.stateDirectory) var directory
    return .file(in: directory)
  }

  public static var testValue: SettingsClient {
    SettingsClient(
      get: {
        reportIssue("SettingsClient.get is unimplemented in this test")
        return DisplaySettings()
      },
      set: { _ in reportIssue("SettingsClient.set is unimplemented in this test") },
      observe: {
        reportIssue("SettingsClient.observe is unimplemented in this test")
        return AsyncStream { $0.finish() }
      },
      change: { _, _ in reportIssue("SettingsClient.change is unimplemented in this test") })
  }
}

extension DependencyValues {
  /// The owner of the display settings.
  public var settingsClient: SettingsClient {
    get { self[SettingsClient.self] }
    set { self[SettingsClient.self] = newValue }
  }
}

/// A value and the streams observing it.
final class SettingsBox: Sendable {
  private struct Storage {
    var value: DisplaySettings
    var observers: [Int: AsyncStream<DisplaySettings>.Continuation] = [:]
    var nextObserver = 0
  }
  private let storage: LockIsolated<Storage>

  init(_ value: DisplaySettings) {
    storage = LockIsolated(Storage(value: value))
  }

  var value: DisplaySettings { storage.value.value }

  /// Stores `value` and tells every observer, inside the lock so that two updates racing reach
  /// each observer in the order they were stored (yielding never blocks).
  func update(_ value: DisplaySettings) {
    storage.withValue { storage in
      storage.value = value
      for observer in storage.observers.values { observer.yield(value) }
    }
  }

  func observe() -> AsyncStream<DisplaySettings> {
    let (stream, continuation) = AsyncStream<DisplaySettings>.makeStream()
    let id = storage.withValue { storage in
      defer { storage.nextObserver += 1 }
      storage.observers[storage.nextObserver] = continuation
      continuation.yield(storage.value)
      return storage.nextObserver
    }
    // Held strongly: an observer keeps the value it observes until its stream ends (when the
    // stream is dropped or its task cancelled), and then this closure is released.
    continuation.onTermination = { _ in
      self.storage.withValue { _ = $0.observers.removeValue(forKey: id) }
    }
    return stream
  }
}

/// The settings file of one state folder, kept through a `FileStorage`.
///
/// Every change goes through ``set(_:)``, which stores the value and writes the file under one
/// lock: changes racing from separate effects are applied in one order, and the file always
/// ends up holding the value observers saw last.
final class SettingsFile: Sendable {
  let url: URL
  let box: SettingsBox
  private let storage: FileStorage

  /// Why the file must be left alone (it exists but could not be read nor moved aside).
  private let suspended: LockIsolated<String?>

  private struct Key: Hashable {
    let storage: String
    let url: URL
  }
  private static let files = LockIsolated<[Key: SettingsFile]>([:])

  /// The one file object of `directory` in `storage` in this process.
  static func shared(in directory: URL, storage: FileStorage) -> SettingsFile {
    let url = directory.appendingPathComponent("settings.json", isDirectory: false)
      .standardizedFileURL
    return files.withValue { files in
      let key = Key(storage: storage.id, url: url)
      if let file = files[key] { return file }
      let file = SettingsFile(url: url, storage: storage)
      files[key] = file
      return file
    }
  }

  private init(url: URL, storage: FileStorage) {
    self.url = url
    self.storage = storage
    let (settings, suspended) = Self.load(url, storage: storage)
    self.box = SettingsBox(settings)
    self.suspended = LockIsolated(suspended)
  }

  /// Reads the file: the defaults when it is missing; the defaults and a warning when it can't
  /// be read or decoded. A bad file is kept aside by the storage as
  /// `settings.json.corrupt-<time>` (never over an earlier one); one that can't be moved is left
  /// alone and never written (the second value says why).
  static func load(_ url: URL, storage: FileStorage) -> (DisplaySettings, suspended: String?) {
    let problem: String
    do {
      guard let data = try storage.load(url) else { return (DisplaySettings(), nil) }
      do {
        return (try JSONDecoder().decode(DisplaySettings.self, from: data), nil)
      } catch {
        problem = "is not valid settings"
      }
    } catch {
      problem = "can't be read"
    }
    if let backup = try? storage.keepAside(url) {
      reportIssue(
        "\(url.path) \(problem); it was kept as \(backup.lastPathComponent) and the default "
          + "display settings are used.")
      return (DisplaySettings(), nil)
    }
    let reason =
      "\(url.lastPathComponent) \(problem) and can't be moved aside, so it is left as it is; "
      + "changes apply to this run only"
    reportIssue(
      "\(url.path) \(problem) and can't be moved aside: it is left as it is, the "
        + "default display settings are used and they will not be saved.")
    return (DisplaySettings(), reason)
  }

  /// Changes the settings as they are now (in the file, when another instance wrote it since;
  /// else in this process) and makes them current (observers hear of it at once), then saves
  /// them atomically, readable by the user only: all under the file's lock, which other
  /// instances take too, so that no instance writes over another's change.
  func update(_ edit: @Sendable (inout DisplaySettings) -> Void) throws {
    try suspended.withValue { suspended in
      if let suspended {
        var settings = box.value
        edit(&settings)
        box.update(settings)
        throw SettingsClient.SaveError(message: suspended)
      }
      try storage.withExclusiveAccess(url) { try save(edit) }
    }
  }

  /// Reads the file's settings (this process's when the file is missing or unreadable), edits
  /// them, makes them current and writes them.
  private func save(_ edit: @Sendable (inout DisplaySettings) -> Void) throws {
    var settings =
      (try? storage.load(url)).flatMap { $0 }
      .flatMap { try? JSONDecoder().decode(DisplaySettings.self, from: $0) } ?? box.value
    edit(&settings)
    box.update(settings)
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      data = try encoder.encode(settings)
    } catch {
      throw SettingsClient.SaveError(message: "the settings can't be encoded: \(error)")
    }
    do {
      try storage.save(data, url)
    } catch {
      throw SettingsClient.SaveError(message: "can't save \(url.path): \(error)")
    }
  }
}
