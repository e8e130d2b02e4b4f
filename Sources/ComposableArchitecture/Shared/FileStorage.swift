import Clocks
import ConcurrencyExtras
import Dependencies
@preconcurrency import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// How `.fileStorage` keys reach files: the real file system, or memory for tests.
///
/// Features never touch the file system directly: the `defaultFileStorage` dependency is the
/// real file system in the app and an in-memory one in tests, so tests never see the user's
/// files unless a test is about files (then it uses ``fileSystem`` in a temporary directory).
public struct FileStorage: Sendable {
  /// Names the storage: keys on different storages never share a reference, and a cache of
  /// files (one object per file, say) keys by it with the path.
  public let id: String
  /// The file's contents, or `nil` when there is no file.
  public var load: @Sendable (URL) throws -> Data?
  /// Replaces the file's contents atomically, creating its directory if needed.
  public var save: @Sendable (Data, URL) throws -> Void
  /// Renames a file (to keep a corrupt file aside).
  public var moveItem: @Sendable (URL, URL) throws -> Void
  /// Whether a file exists.
  public var fileExists: @Sendable (URL) -> Bool
  /// Calls `onChange` whenever the file may have changed, until the subscription ends.
  public var watch: @Sendable (URL, @escaping @Sendable () -> Void) -> SharedSubscription
  /// Runs `body` while holding the file's lock, which other processes using the same file
  /// respect too: a file that several writers update in part (the `.appStorage` file) is read,
  /// changed and written under it, so that no writer loses another's change.
  public var withExclusiveAccess: @Sendable (URL, () throws -> Void) throws -> Void
  /// The clock that spaces throttled writes.
  public var clock: any Clock<Duration>
  /// The time that names the backup of a corrupt file.
  public var now: @Sendable () -> Date
  /// The files of this storage with a throttled write waiting for its turn.
  let pendingWrites = PendingWrites()
  /// The locks that `withExclusiveAccess` and `@Shared` mutations take (see ``FileLocks``).
  var locks = FileLocks.onDisk

  /// Writes every throttled write still pending, at once. Call it before the process exits
  /// (`@Dependency(\.defaultFileStorage)`), so that nothing is lost.
  public func flushPendingWrites() {
    pendingWrites.flush()
  }

  /// Moves a file that cannot be used (it does not decode) aside, beside it as
  /// `NAME.corrupt-<seconds>` (or `…-<n>`, never over an earlier one), and returns where it went:
  /// the user's data is kept, and the next write starts a fresh file. `.fileStorage` keys do this
  /// with a corrupt file; a dependency that keeps its own file does the same through here.
  ///
  /// For example, `let backup = try storage.keepAside(url)` after a decoding error.
  public func keepAside(_ url: URL) throws -> URL {
    let stamp = Int(now().timeIntervalSince1970)
    let directory = url.deletingLastPathComponent()
    var backup = directory.appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
    var suffix = 1
    while fileExists(backup) {
      backup = directory.appendingPathComponent(
        "\(url.lastPathComponent).corrupt-\(stamp)-\(suffix)")
      suffix += 1
    }
    try moveItem(url, backup)
    return backup
  }

  /// Files on disk: atomic writes (a temporary file in the same directory, then a rename)
  /// with mode 0600, directories created with mode 0700, changes noticed through inotify.
  public static var fileSystem: FileStorage {
    fileSystem(clock: ContinuousClock())
  }

  /// Files on disk, with throttled writes spaced on `clock` (a `TestClock` in tests about
  /// throttling) and corrupt files named after `now`.
  public static func fileSystem(
    clock: any Clock<Duration>,
    now: @escaping @Sendable () -> Date = { Date() }
  ) -> FileStorage {
    FileStorage(
      id: "fileSystem",
      load: { url in
        // A path with no file, or under something that is not a directory: nothing stored yet.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
          return nil
        }
        guard !isDirectory.boolValue else {
          throw FileStorageError(description: "\(url.path) is a directory, not a file")
        }
        removeStaleTemporaryFiles(beside: url)
        return try Data(contentsOf: url)
      },
      save: { data, url in try writeAtomically(data, to: url) },
      moveItem: { from, to in try FileManager.default.moveItem(at: from, to: to) },
      fileExists: { url in FileManager.default.fileExists(atPath: url.path) },
      watch: { url, onChange in watchFile(url, onChange: onChange) },
      withExclusiveAccess: { url, body in try FileLocks.onDisk.withLock(url, body) },
      clock: clock,
      now: now,
      locks: .onDisk
    )
  }

  /// Files in memory, for tests: saving notifies the watchers of the file, as a write by
  /// another process would. Writes are not throttled unless `clock` says so.
  public static func inMemory(
    clock: any Clock<Duration> = ImmediateClock(),
    now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
  ) -> FileStorage {
    let files = InMemoryFiles()
    let locks = FileLocks(acrossProcesses: false)
    return FileStorage(
      id: "inMemory-\(files.id)",
      load: { url in files.state.withLock { $0.contents[url.standardizedFileURL] } },
      save: { data, url in
        let watchers = files.state.withLock { state in
          state.contents[url.standardizedFileURL] = data
          return Array(state.watchers[url.standardizedFileURL, default: [:]].values)
        }
        for watcher in watchers { watcher() }
      },
      moveItem: { from, to in
        files.state.withLock { state in
          state.contents[to.standardizedFileURL] = state.contents[from.standardizedFileURL]
          state.contents[from.standardizedFileURL] = nil
        }
      },
      fileExists: { url in files.state.withLock { $0.contents[url.standardizedFileURL] != nil } },
      watch: { url, onChange in
        let token = files.state.withLock { state in
          state.nextToken += 1
          state.watchers[url.standardizedFileURL, default: [:]][state.nextToken] = onChange
          return state.nextToken
        }
        return SharedSubscription {
          // Released after the lock: the watcher may hold the last reference to a key state,
          // whose deinit writes what it has pending (through this lock).
          let watcher = files.state.withLock {
            $0.watchers[url.standardizedFileURL]?.removeValue(forKey: token)
          }
          _ = watcher
        }
      },
      withExclusiveAccess: { url, body in try locks.withLock(url, body) },
      clock: clock,
      now: now,
      locks: locks
    )
  }
}

/// The key states of one storage that have a write pending, held weakly: a state's writes
/// hold the storage, so a strong hold here would keep every state with a pending write (and
/// what its write captures) alive forever when nothing flushes it. A state that goes away
/// writes what it has pending itself (``FileStorageKeyState``'s `deinit`).
final class PendingWrites: Sendable {
  private struct Entry {
    weak var state: FileStorageKeyState?
  }
  private let states = VisibleMutex<[ObjectIdentifier: Entry]>([:])

  func insert(_ state: FileStorageKeyState) {
    states.withLock { $0[ObjectIdentifier(state)] = Entry(state: state) }
  }

  func remove(_ state: FileStorageKeyState) {
    _ = states.withLock { $0.removeValue(forKey: ObjectIdentifier(state)) }
  }

  func flush() {
    for state in states.withLock({ $0.values.compactMap(\.state) }) {
      state.flush()
    }
  }
}

private final class InMemoryFiles: Sendable {
  struct State {
    var contents: [URL: Data] = [:]
    var watchers: [URL: [Int: @Sendable () -> Void]] = [:]
    var nextToken = 0
  }
  static let counter = Atomic<Int>(0)
  let id = InMemoryFiles.counter.wrappingAdd(1, ordering: .relaxed).newValue
  let state = VisibleMutex(State())
}

private enum FileStorageDependencyKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory() }
}

extension DependencyValues {
  /// The file system `.fileStorage` keys use.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorageDependencyKey.self] }
    set { self[FileStorageDependencyKey.self] = newValue }
  }
}

/// A reason a file operation failed, with the path.
struct FileStorageError: Error, CustomStringConvertible {
  let description: String
}

/// A short reason for a file error: the system's words ("Permission denied", "Not a
/// directory") and the path they concern, rather than an error object's dump.
func reason(of error: any Error) -> String {
  if let error = error as? FileStorageError { return error.description }
  if let error = error as? DecodingError {
    switch error {
    case let .dataCorrupted(context): return context.debugDescription
    case let .keyNotFound(key, _): return "the field \"\(key.stringValue)\" is missing"
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      return context.debugDescription
    @unknown default: return "\(error)"
    }
  }
  let error = error as NSError
  let path = error.userInfo[NSFilePathErrorKey] as? String
  if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain
  {
    let words = String(cString: strerror(Int32(underlying.code)))
    return path.map { "\($0): \(words)" } ?? words
  }
  let words = error.localizedFailureReason ?? error.localizedDescription
  return path.map { "\($0): \(words)" } ?? words
}

private let temporaryFileCounter = Atomic<Int>(0)

/// Writes a temporary file beside the destination with mode 0600, then renames it over the
/// destination, so readers see the old contents or the new, never a part.
private func writeAtomically(_ data: Data, to url: URL) throws {
  let directory = url.deletingLastPathComponent()
  try FileManager.default.createDirectory(
    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  let temporary = directory.appendingPathComponent(
    ".\(url.lastPathComponent).tmp-\(getpid())-\(temporaryFileCounter.wrappingAdd(1, ordering: .relaxed).newValue)"
  )
  let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
  guard fd >= 0 else {
    throw FileStorageError(description: "\(directory.path): \(String(cString: strerror(errno)))")
  }
  var failure: String?
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        failure = String(cString: strerror(errno))
        return
      }
      offset += written
    }
  }
  if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
  close(fd)
  if failure == nil, rename(temporary.path, url.path) != 0 {
    failure = String(cString: strerror(errno))
  }
  if let failure {
    unlink(temporary.path)
    throw FileStorageError(description: "\(url.path): \(failure)")
  }
}

/// The files whose stale temporary files were looked for in this process: at most
/// `sweptFilesLimit`, forgotten all at once past that (a file forgotten is swept again when next
/// loaded, for the cost of listing its folder).
private let sweptFiles = VisibleMutex<Set<String>>([])
let sweptFilesLimit = 1_024

/// Whether `path` was swept already; remembers it if not.
func rememberSwept(_ path: String) -> Bool {
  sweptFiles.withLock { swept in
    if swept.count >= sweptFilesLimit, !swept.contains(path) { swept.removeAll() }
    return !swept.insert(path).inserted
  }
}

/// How many swept files the process remembers.
var sweptFilesCount: Int {
  sweptFiles.withLock { $0.count }
}

/// Removes, once a process, the temporary files that writes of `url` left beside it when their
/// process died mid-write (`kill -9`): `.NAME.tmp-PID-N` of a process no longer running. A
/// running process's are left alone, and so is a file whose process number was reused.
private func removeStaleTemporaryFiles(beside url: URL) {
  guard !rememberSwept(url.path) else { return }
  let directory = url.deletingLastPathComponent()
  let prefix = ".\(url.lastPathComponent).tmp-"
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
    return
  }
  for name in names where name.hasPrefix(prefix) {
    guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }),
      pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
    else { continue }
    unlink(directory.appendingPathComponent(name).path)
  }
}

/// Watches a file's directory with inotify and calls `onChange` when the file is written,
/// replaced, created or deleted. The directory is created if it does not exist yet.
private func watchFile(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
  let directory = url.deletingLastPathComponent()
  try? FileManager.default.createDirectory(
    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
  guard fd >= 0 else { return .empty }
  let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
  guard inotify_add_watch(fd, directory.path, mask) != -1 else {
    close(fd)
    return .empty
  }
  let name = url.lastPathComponent
  let source = DispatchSource.makeReadSource(
    fileDescriptor: fd, queue: DispatchQueue(label: "FileStorage.watch"))
  source.setEventHandler {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var changed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (length, eventName) = buffer.withUnsafeBytes { raw -> (Int, String) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let nameStart = offset + MemoryLayout<inotify_event>.size
          let nameBytes = raw[nameStart..<min(nameStart + Int(event.len), count)]
            .prefix { $0 != 0 }
          return (Int(event.len), String(decoding: nameBytes, as: UTF8.self))
        }
        if eventName == name { changed = true }
        offset += MemoryLayout<inotify_event>.size + length
      }
    }
    if changed { onChange() }
  }
  source.setCancelHandler { close(fd) }
  source.resume()
  let cancellable = UncheckedSendable(source)
  return SharedSubscription { cancellable.value.cancel() }
}
