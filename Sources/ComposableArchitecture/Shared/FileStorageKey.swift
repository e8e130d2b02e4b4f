import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// A shared value stored as JSON in a file.
///
/// ```swift
/// @Shared(.fileStorage(statsURL)) var stats = Stats()
/// ```
///
/// - Writes are atomic, with mode 0600, and throttled: the first at once, then at most one a
///   second; ``FileStorage/flushPendingWrites()`` writes what is pending (call it on quit).
/// - Changes another process writes are noticed and flow into every holder, with observation;
///   a write of ours is not taken for a change from elsewhere.
/// - A corrupt file yields the default value, is kept beside the original as
///   `NAME.corrupt-<timestamp>`, and an issue names the path and the reason. A location that
///   cannot be written is reported once; the value lives on in memory.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  let url: URL
  let storage: FileStorage
  let state: FileStorageKeyState

  init(url: URL) {
    @Dependency(\.defaultFileStorage) var storage
    self.url = url.standardizedFileURL
    self.storage = storage
    self.state = FileStorageKeyState(
      clock: storage.clock, now: storage.now, pendingWrites: storage.pendingWrites)
  }

  public struct ID: Hashable, Sendable {
    let storage: String
    let path: String
  }

  public var id: ID { ID(storage: storage.id, path: url.path) }

  public func load(initialValue: Value) -> Value? {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      state.suspendWrites()
      reportIssue(
        """
        Could not read "\(url.path)" (\(reason(of: error))). Using the default value; the \
        file is left as it is and will not be written.
        """)
      return nil
    }
    guard let data else { return nil }
    do {
      let value = try JSONDecoder().decode(Value.self, from: data)
      state.didWrite(data)
      return value
    } catch {
      keepCorruptFile(reason: error)
      return nil
    }
  }

  public func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription {
    let url = url
    let storage = storage
    let state = state
    return storage.watch(url) {
      guard let data = try? storage.load(url), !state.isOwnWrite(data),
        let value = try? JSONDecoder().decode(Value.self, from: data)
      else { return }
      state.didWrite(data)
      didSet(value)
    }
  }

  public func save(_ value: Value) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(value) else {
      reportIssue("Could not encode the value for \"\(url.path)\".")
      return
    }
    let url = url
    let storage = storage
    state.save(data) { data in
      do {
        try storage.save(data, url)
        return nil
      } catch {
        return """
          Could not save "\(url.path)" (\(reason(of: error))). Changes are kept in memory only.
          """
      }
    }
  }

  /// Moves a file that could not be decoded aside, never overwriting an earlier one.
  private func keepCorruptFile(reason: any Error) {
    let stamp = Int(state.now().timeIntervalSince1970)
    var backup = url.deletingLastPathComponent()
      .appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
    var suffix = 1
    while storage.fileExists(backup) {
      backup = url.deletingLastPathComponent()
        .appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)-\(suffix)")
      suffix += 1
    }
    do {
      try storage.moveItem(url, backup)
      reportIssue(
        """
        "\(url.path)" could not be decoded (\(ComposableArchitecture.reason(of: reason))). It \
        was kept as "\(backup.path)" and the default value is used.
        """)
    } catch {
      state.suspendWrites()
      reportIssue(
        """
        "\(url.path)" could not be decoded (\(ComposableArchitecture.reason(of: reason))) nor \
        moved aside (\(ComposableArchitecture.reason(of: error))). The default value is used, \
        and the file is left as it is and will not be written.
        """)
    }
  }
}

extension SharedKey {
  /// A value stored as JSON in a file.
  ///
  /// ```swift
  /// @Shared(.fileStorage(statsURL)) var stats = Stats()
  /// ```
  public static func fileStorage<Value>(_ url: URL) -> Self
  where Self == FileStorageKey<Value> {
    FileStorageKey(url: url)
  }
}

/// The write bookkeeping of one file: throttling, our last write, and failures.
final class FileStorageKeyState: @unchecked Sendable {
  private let lock = NSLock()
  private let clock: ElapsedClock
  let now: @Sendable () -> Date
  private var lastWritten: Data?
  /// When the last write happened, on ``clock``.
  private var lastWriteTime: Duration?
  private var pendingData: Data?
  private var pendingWrite: (@Sendable (Data) -> String?)?
  private var timer: Task<Void, Never>?
  private var writesSuspended = false
  private var reportedFailure = false
  private let pendingWrites: PendingWrites

  init(
    clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
    pendingWrites: PendingWrites
  ) {
    self.pendingWrites = pendingWrites
    self.clock = ElapsedClock(clock)
    self.now = now
  }

  func suspendWrites() {
    lock.withLock { writesSuspended = true }
  }

  func didWrite(_ data: Data) {
    lock.withLock { lastWritten = data }
  }

  func isOwnWrite(_ data: Data) -> Bool {
    lock.withLock { lastWritten == data }
  }

  /// Writes now when no write happened in the last second, otherwise when the second is over.
  /// A newer value always replaces a pending one, so an older value is never written after it.
  func save(_ data: Data, write: @escaping @Sendable (Data) -> String?) {
    let writeNow: Bool = lock.withLock {
      guard !writesSuspended else { return false }
      let now = clock.elapsed()
      if let last = lastWriteTime, now - last < .seconds(1) {
        pendingData = data
        pendingWrite = write
        if timer == nil {
          // The deadline is fixed now, not when the task starts, so a clock that moves on in
          // between (a test clock advanced at once) still finds the write due.
          let deadline = last + .seconds(1)
          let clock = clock
          timer = Task { [weak self] in
            try? await clock.sleep(untilElapsed: deadline)
            guard !Task.isCancelled else { return }
            self?.flush()
          }
        }
        return false
      }
      lastWriteTime = now
      lastWritten = data
      pendingData = nil
      pendingWrite = nil
      timer?.cancel()
      timer = nil
      return true
    }
    if writeNow {
      pendingWrites.remove(self)
      perform(write, data)
    } else {
      pendingWrites.insert(self)
    }
  }

  /// Writes the pending data, if any.
  func flush() {
    let work: (Data, @Sendable (Data) -> String?)? = lock.withLock {
      timer?.cancel()
      timer = nil
      guard let data = pendingData, let write = pendingWrite else { return nil }
      pendingData = nil
      pendingWrite = nil
      lastWriteTime = clock.elapsed()
      lastWritten = data
      return (data, write)
    }
    pendingWrites.remove(self)
    if let (data, write) = work {
      perform(write, data)
    }
  }

  private func perform(_ write: @Sendable (Data) -> String?, _ data: Data) {
    guard let failure = write(data) else {
      lock.withLock { reportedFailure = false }
      return
    }
    let shouldReport = lock.withLock {
      defer { reportedFailure = true }
      return !reportedFailure
    }
    if shouldReport { reportIssue(failure) }
  }
}

/// Time on any clock as durations since the clock was wrapped: lets the state keep one
/// non-generic clock whatever the storage's clock is, with deadlines that do not move.
struct ElapsedClock: Sendable {
  let elapsed: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void

  init(_ clock: any Clock<Duration>) {
    (elapsed, sleepUntil) = Self.closures(clock)
  }

  private static func closures<C: Clock<Duration>>(
    _ clock: C
  ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) {
    let start = clock.now
    return (
      { start.duration(to: clock.now) },
      { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    )
  }

  /// Returns at once when the deadline has come: a test clock that stands exactly on it would
  /// otherwise wait for its next advance.
  func sleep(untilElapsed deadline: Duration) async throws {
    guard elapsed() < deadline else { return }
    try await sleepUntil(deadline)
  }
}
