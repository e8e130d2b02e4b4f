import Dependencies
import Foundation
import IssueReporting
import Synchronization

/// A shared value stored as JSON in a file.
///
/// <!-- context: core-state-fields -->
/// ```swift
/// @Shared(.fileStorage(statsURL)) var stats = Stats()
/// ```
///
/// - Writes are atomic, with mode 0600.
/// - Each mutation through `@Shared` (`withLock`, or in place on a feature's state) is a
///   transaction: under a lock other processes respect (`.NAME.lock` beside the file), it starts
///   from the value the file holds now, when another process changed it, and the file is written
///   before the lock is released. Two processes making 1,000 increments each end at 2,000.
/// - The key's own ``save(_:)`` (not a mutation) is throttled: the first at once, then at most
///   one a second; ``FileStorage/flushPendingWrites()`` writes what is pending.
/// - Changes another process writes are noticed and flow into every holder, with observation;
///   a write of ours is not taken for a change from elsewhere.
/// - A corrupt file yields the default value, is kept beside the original as
///   `NAME.corrupt-<timestamp>`, and an issue names the path and the reason. A location that
///   cannot be written is reported once; the value lives on in memory.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  let file: PersistedFile

  init(url: URL) {
    @Dependency(\.defaultFileStorage) var storage
    self.file = PersistedFile(url: url, storage: storage)
  }

  public struct ID: Hashable, Sendable {
    let storage: String
    let path: String
  }

  public var id: ID { ID(storage: file.storage.id, path: file.url.path) }

  public func load(initialValue: Value) -> Value? {
    file.load(Value.self)
  }

  public func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription {
    let file = file
    return file.storage.watch(file.url) {
      // Under the file's lock, as mutations are: a change read here is never applied in the
      // middle of one, nor after a newer one.
      file.storage.locks.withLock(file.url) {
        if let value = file.loadChange(Value.self) { didSet(value) }
      }
    }
  }

  public func save(_ value: Value) {
    // Encoded when the write happens: a throttled value replaced before its turn costs nothing.
    file.state.save(encoding(value))
  }

  /// The work that encodes `value` for the file, reporting a value that cannot be encoded.
  private func encoding(_ value: Value) -> @Sendable () -> Data? {
    let path = file.url.path
    return {
      guard let data = try? encodeForFile(value) else {
        reportFileIssue("Could not encode the value for \"\(path)\".")
        return nil
      }
      return data
    }
  }
}

extension FileStorageKey: TransactionalSharedKey {
  func beginTransaction() -> (outermost: Bool, latest: Value?) {
    guard file.storage.locks.lock(file.url) == 1 else { return (false, nil) }
    return (true, file.loadChange(Value.self))
  }

  func endTransaction(outermost: Bool, value: Value) {
    defer { file.storage.locks.unlock(file.url) }
    if outermost { file.state.writeNow(encoding(value)) }
  }
}

extension FileStorageKey: FlushableSharedKey {
  public func flushPendingWrite() {
    file.state.flush()
  }
}

/// The JSON that persisted files hold: indented, with sorted keys, so that it reads and diffs well.
func encodeForFile(_ value: some Encodable) throws -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return try encoder.encode(value)
}

/// A file that a key keeps its value in: reads that survive an unreadable or corrupt file,
/// others' writes told apart from ours, and throttled atomic writes (``FileStorageKeyState``).
struct PersistedFile: Sendable {
  let url: URL
  let storage: FileStorage
  let state: FileStorageKeyState

  /// A file that one value fills: each write replaces it with the newest encoding.
  init(url: URL, storage: FileStorage) {
    let url = url.standardizedFileURL
    self.init(url: url, storage: storage) { encode, willWrite in
      guard let data = try encode() else { return }
      willWrite(data)
      try storage.save(data, url)
    }
  }

  /// A file written by `write`, which is given the pending work (returning the bytes to write)
  /// and must hand the bytes to `willWrite` before writing them.
  init(
    url: URL, storage: FileStorage,
    write:
      @escaping @Sendable (
        _ encode: () throws -> Data?, _ willWrite: (Data) -> Void
      ) throws -> Void
  ) {
    self.url = url.standardizedFileURL
    self.storage = storage
    self.state = FileStorageKeyState(
      url: self.url, clock: storage.clock, now: storage.now,
      pendingWrites: storage.pendingWrites, write: write)
  }

  /// The file of a state made already (for work that must not hold its state strongly).
  init(url: URL, storage: FileStorage, state: FileStorageKeyState) {
    (self.url, self.storage, self.state) = (url, storage, state)
  }

  /// The file's value, or `nil` when there is none or it cannot be used. An unreadable file is
  /// reported and never written over; a corrupt one is moved aside and reported.
  func load<Value: Decodable>(_: Value.Type) -> Value? {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      state.suspendWrites()
      reportFileIssue(
        """
        Could not read "\(url.path)" (\(reason(of: error))). Using the default value; the \
        file is left as it is and will not be written.
        """)
      return nil
    }
    return data.flatMap { decode($0, as: Value.self) }
  }

  /// Decodes the file's contents; contents that cannot be decoded are moved aside and reported.
  func decode<Value: Decodable>(_ data: Data, as _: Value.Type) -> Value? {
    do {
      let value = try JSONDecoder().decode(Value.self, from: data)
      state.didWrite(data)
      return value
    } catch {
      keepCorruptFile(reason: error)
      return nil
    }
  }

  /// The file's value when someone else wrote it since we last read or wrote it; `nil` for our
  /// own write, a missing file or contents that do not decode.
  func loadChange<Value: Decodable>(_: Value.Type) -> Value? {
    guard let data = try? storage.load(url), !state.isOwnWrite(data),
      let value = try? JSONDecoder().decode(Value.self, from: data)
    else { return nil }
    state.didWrite(data)
    return value
  }

  /// Moves a file that could not be decoded aside, never overwriting an earlier one.
  private func keepCorruptFile(reason: any Error) {
    do {
      let backup = try storage.keepAside(url)
      reportFileIssue(
        """
        "\(url.path)" could not be decoded (\(ComposableArchitecture.reason(of: reason))). It \
        was kept as "\(backup.path)" and the default value is used.
        """)
    } catch {
      state.suspendWrites()
      reportFileIssue(
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
  /// <!-- context: core-state-fields -->
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
  private let url: URL
  private let clock: ElapsedClock
  let now: @Sendable () -> Date
  private var lastWritten: Data?
  /// When the last write happened, on ``clock``.
  private var lastWriteTime: Duration?
  /// The newest value waiting for its turn, as the work that encodes it.
  private var pending: (@Sendable () throws -> Data?)?
  private var timer: Task<Void, Never>?
  private var writesSuspended = false
  private var reportedFailure = false
  private let pendingWrites: PendingWrites
  /// Writes the file: runs the encoding work, hands its bytes to the second closure, writes them.
  private let write: @Sendable (() throws -> Data?, (Data) -> Void) throws -> Void

  init(
    url: URL, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
    pendingWrites: PendingWrites,
    write: @escaping @Sendable (() throws -> Data?, (Data) -> Void) throws -> Void
  ) {
    self.url = url
    self.pendingWrites = pendingWrites
    self.clock = ElapsedClock(clock)
    self.now = now
    self.write = write
  }

  /// A state that goes away (no `@Shared` holds its key any more) writes what it has pending,
  /// so a throttled value is never lost with it.
  deinit {
    timer?.cancel()
    pendingWrites.remove(self)
    if let pending { perform(pending) }
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
  func save(_ encode: @escaping @Sendable () throws -> Data?) {
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

  /// Writes at once (a transaction's write), replacing any pending write.
  func writeNow(_ encode: @escaping @Sendable () throws -> Data?) {
    let suspended = lock.withLock {
      guard !writesSuspended else { return true }
      timer?.cancel()
      timer = nil
      pending = nil
      lastWriteTime = clock.elapsed()
      return false
    }
    guard !suspended else { return }
    pendingWrites.remove(self)
    perform(encode)
  }

  /// Writes the pending value, if any.
  func flush() {
    let encode: (@Sendable () throws -> Data?)? = lock.withLock {
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

  private func perform(_ encode: @Sendable () throws -> Data?) {
    let failure: String?
    var before: Data??
    do {
      try write(encode) { data in
        // Recorded before writing, so the watcher never takes this write for someone else's.
        lock.withLock {
          before = lastWritten
          lastWritten = data
        }
      }
      failure = nil
    } catch {
      // Nothing was written: the file still holds what it held, which is no one else's change
      // (a mutation must not start from it and lose what this process holds unsaved).
      if let before { lock.withLock { lastWritten = before } }
      failure = """
        Could not save "\(url.path)" (\(reason(of: error))). Changes are kept in memory only.
        """
    }
    guard let failure else {
      lock.withLock { reportedFailure = false }
      return
    }
    let shouldReport = lock.withLock {
      defer { reportedFailure = true }
      return !reportedFailure
    }
    if shouldReport { reportFileIssue(failure) }
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
