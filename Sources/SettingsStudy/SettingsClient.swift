import ComposableArchitecture
import DemoSupport
import Foundation

/// The owner of the display settings (S5's dependency ownership): features read them with
/// `get`, change them with `set`, and follow every change made anywhere with `observe`.
///
/// For example, a screen that keeps its preview current:
///
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

  /// Creates a client from its endpoints.
  public init(
    get: @escaping @Sendable () -> DisplaySettings,
    set: @escaping @Sendable (DisplaySettings) async throws -> Void,
    observe: @escaping @Sendable () -> AsyncStream<DisplaySettings>
  ) {
    self.get = get
    self.set = set
    self.observe = observe
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

  /// The client of the settings file `settings.json` in `directory`: the same value for every
  /// client of the same folder in this process.
  public static func file(in directory: URL) -> Self {
    let file = SettingsFile.shared(in: directory)
    return SettingsClient(
      get: { file.box.value },
      set: { settings in
        file.box.update(settings)
        try file.save(settings)
      },
      observe: { file.box.observe() })
  }
}

extension SettingsClient: DependencyKey {
  /// The settings file of the state folder (`@Dependency(\.stateDirectory)`), read when first
  /// used.
  public static var liveValue: SettingsClient {
    SettingsClient(
      get: { current().get() },
      set: { try await current().set($0) },
      observe: { current().observe() })
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
      })
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

  func update(_ value: DisplaySettings) {
    let observers = storage.withValue { storage in
      storage.value = value
      return Array(storage.observers.values)
    }
    for observer in observers { observer.yield(value) }
  }

  func observe() -> AsyncStream<DisplaySettings> {
    let (stream, continuation) = AsyncStream<DisplaySettings>.makeStream()
    let id = storage.withValue { storage in
      defer { storage.nextObserver += 1 }
      storage.observers[storage.nextObserver] = continuation
      continuation.yield(storage.value)
      return storage.nextObserver
    }
    continuation.onTermination = { [weak self] _ in
      self?.storage.withValue { _ = $0.observers.removeValue(forKey: id) }
    }
    return stream
  }
}

/// The settings file of one state folder.
final class SettingsFile: Sendable {
  let url: URL
  let box: SettingsBox

  private static let files = LockIsolated<[URL: SettingsFile]>([:])

  /// The one file object of `directory` in this process.
  static func shared(in directory: URL) -> SettingsFile {
    let url = directory.appendingPathComponent("settings.json", isDirectory: false)
      .standardizedFileURL
    return files.withValue { files in
      if let file = files[url] { return file }
      let file = SettingsFile(url: url)
      files[url] = file
      return file
    }
  }

  private init(url: URL) {
    self.url = url
    self.box = SettingsBox(Self.load(url))
  }

  /// Reads the file: the defaults when it is missing; the defaults and a warning when it can't
  /// be read or decoded (a bad file is kept beside it as `settings.json.corrupt`).
  private static func load(_ url: URL) -> DisplaySettings {
    guard FileManager.default.fileExists(atPath: url.path) else { return DisplaySettings() }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      reportIssue("Can't read \(url.path); using the default display settings.")
      return DisplaySettings()
    }
    do {
      return try JSONDecoder().decode(DisplaySettings.self, from: data)
    } catch {
      let backup = url.appendingPathExtension("corrupt")
      try? FileManager.default.removeItem(at: backup)
      let kept = (try? FileManager.default.moveItem(at: url, to: backup)) != nil
      reportIssue(
        "\(url.lastPathComponent) is not valid settings; using the defaults"
          + (kept ? " (the bad file was kept as \(backup.lastPathComponent))." : "."))
      return DisplaySettings()
    }
  }

  /// Writes the settings atomically (a temporary file renamed over the old one), readable by
  /// the user only.
  func save(_ settings: DisplaySettings) throws {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      let data = try encoder.encode(settings)
      let directory = url.deletingLastPathComponent()
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let temporary = directory.appendingPathComponent(".settings.json.\(getpid()).tmp")
      guard
        FileManager.default.createFile(
          atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
      else {
        throw SettingsClient.SaveError(message: "can't write in \(directory.path)")
      }
      guard rename(temporary.path, url.path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw SettingsClient.SaveError(message: "can't replace \(url.path): \(reason)")
      }
    } catch let error as SettingsClient.SaveError {
      throw error
    } catch {
      throw SettingsClient.SaveError(message: "\(error.localizedDescription)")
    }
  }
}
