import Foundation

/// A value behind a lock, used like `Synchronization.Mutex` (`withLock`), on a lock that
/// ThreadSanitizer follows: on Linux a `Mutex` waits on a futex it cannot see, so two threads
/// that each change the value while holding the lock are reported as a race.
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
