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
    let url = self.url
    self.state = FileStorageKeyState(
      clock: storage.clock, now: storage.now, pendingWrites: storage.pendingWrites
    ) { data in
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
    // Encoded when the write happens: a throttled value replaced before its turn costs nothing.
    let path = url.path
    state.save {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      guard let data = try? encoder.encode(value) else {
        reportIssue("Could not encode the value for \"\(path)\".")
        return nil
      }
      return data
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
  /// The newest value waiting for its turn, as the work that encodes it.
  private var pending: (@Sendable () -> Data?)?
  private var timer: Task<Void, Never>?
  private var writesSuspended = false
  private var reportedFailure = false
  private let pendingWrites: PendingWrites
  /// Writes data to the file; returns the failure to report, if any.
  private let write: @Sendable (Data) -> String?

  init(
    clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
    pendingWrites: PendingWrites, write: @escaping @Sendable (Data) -> String?
  ) {
    self.pendingWrites = pendingWrites
    self.clock = ElapsedClock(clock)
    self.now = now
    self.write = write
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
  func save(_ encode: @escaping @Sendable () -> Data?) {
    enum Decision { case writeNow, later, suspended }
    let decision: Decision = lock.withLock {
      guard !writesSuspended else { return .suspended }
      let now = clock.elapsed()
      if let last = lastWriteTime, now - last < .seconds(1) {
        pending = encode
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
        return .later
      }
      lastWriteTime = now
      pending = nil
      timer?.cancel()
      timer = nil
      return .writeNow
    }
    switch decision {
    case .writeNow:
      pendingWrites.remove(self)
      perform(encode)
    case .later:
      pendingWrites.insert(self)
    case .suspended:
      break
    }
  }

  /// Writes the pending value, if any.
  func flush() {
    let encode: (@Sendable () -> Data?)? = lock.withLock {
      timer?.cancel()
      timer = nil
      guard let pending else { return nil }
      self.pending = nil
      lastWriteTime = clock.elapsed()
      return pending
    }
    pendingWrites.remove(self)
    if let encode {
      perform(encode)
    }
  }

  private func perform(_ encode: @Sendable () -> Data?) {
    guard let data = encode() else { return }
    // Recorded before writing, so the watcher never takes this write for someone else's.
    lock.withLock { lastWritten = data }
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
