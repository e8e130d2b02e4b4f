import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The locks of a storage's files: a thread may take a file's lock again while it holds it (a
/// transaction whose write takes the lock too), other threads wait, and for files on disk other
/// processes wait as well, through an `flock` on `.NAME.lock` beside the file.
///
/// The lock file is never renamed over, unlike the file itself, so every process locks the same
/// inode; the `flock` goes when its descriptor is closed, even when the process dies.
final class FileLocks: Sendable {
  /// The locks of files on disk, for every storage of the process: two `FileStorage.fileSystem`
  /// values lock the same files.
  static let onDisk = FileLocks(acrossProcesses: true)

  private final class Entry: @unchecked Sendable {
    let lock = NSRecursiveLock()
    /// The holds taken and waited for, by every thread (under `entries`): at zero the entry
    /// goes, so a process that locks a file per document keeps none it no longer locks.
    var users = 0
    /// How many times the holding thread has taken the lock (under `lock`).
    var depth = 0
    /// The descriptor holding the `flock`, while held (under `lock`).
    var descriptor: Int32 = -1
  }

  private let acrossProcesses: Bool
  private let entries = VisibleMutex<[String: Entry]>([:])

  init(acrossProcesses: Bool) {
    self.acrossProcesses = acrossProcesses
  }

  /// Takes the lock of `url`'s file and returns how deep the calling thread now holds it: 1 for
  /// the outermost hold. A lock file that cannot be made (an unwritable folder) leaves the lock
  /// within the process only: the write that follows fails and is reported then.
  @discardableResult
  func lock(_ url: URL) -> Int {
    let path = url.standardizedFileURL.path
    let entry = entries.withLock { entries in
      let entry = entries[path] ?? Entry()
      entries[path] = entry
      entry.users += 1
      return entry
    }
    entry.lock.lock()
    entry.depth += 1
    if entry.depth == 1, acrossProcesses {
      entry.descriptor = Self.lockAcrossProcesses(besides: url)
    }
    return entry.depth
  }

  /// Releases one hold of `url`'s lock taken by ``lock(_:)`` on this thread.
  func unlock(_ url: URL) {
    let path = url.standardizedFileURL.path
    guard let entry = entries.withLock({ $0[path] }) else { return }
    entry.depth -= 1
    if entry.depth == 0, entry.descriptor >= 0 {
      close(entry.descriptor)
      entry.descriptor = -1
    }
    entry.lock.unlock()
    entries.withLock { entries in
      entry.users -= 1
      if entry.users == 0 { entries[path] = nil }
    }
  }

  /// How many files have a lock entry: those locked, or waited for, now.
  var entryCount: Int {
    entries.withLock { $0.count }
  }

  /// Runs `body` holding `url`'s lock.
  func withLock<R>(_ url: URL, _ body: () throws -> R) rethrows -> R {
    lock(url)
    defer { unlock(url) }
    return try body()
  }

  /// An `flock`ed descriptor of `.NAME.lock` beside the file (made with mode 0600, in a folder
  /// made with mode 0700), or -1 when there can be none.
  private static func lockAcrossProcesses(besides url: URL) -> Int32 {
    let directory = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let lockPath = directory.appendingPathComponent(".\(url.lastPathComponent).lock").path
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return -1 }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        close(fd)
        return -1
      }
    }
    return fd
  }
}
