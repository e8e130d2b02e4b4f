import Foundation

/// A value behind a lock, used like `Synchronization.Mutex` (`withLock`), for state that threads
/// share (the persistence keys' write queues and the main actor, tests running at once).
///
/// On Linux a `Mutex` waits on a futex that ThreadSanitizer cannot see, so two threads that each
/// change the value while holding the lock are reported as a race; this lock is a pthread mutex,
/// which it follows. Unlike `LockIsolated.withValue`, `withLock` changes the value in place, so
/// a write to a dictionary behind it does not copy the dictionary.
final class VisibleMutex<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value while holding the lock.
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
