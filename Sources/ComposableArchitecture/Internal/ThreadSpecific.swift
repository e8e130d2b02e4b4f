#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pointer-sized value per thread, set around a piece of work and put back after it: what a
/// reducer tells the reducers it runs on the same thread (whether it runs a presented child,
/// whose bodies to reuse) without a task-local write.
struct ThreadSpecific: Sendable {
  private let key: pthread_key_t

  init() {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    self.key = key
  }

  /// The value on this thread; `nil` when none was set.
  var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

  /// Sets the value on this thread.
  func set(_ value: UnsafeRawPointer?) {
    pthread_setspecific(key, value)
  }

  /// Runs `body` with `value` on this thread, then puts the previous value back.
  func with<R>(_ value: UnsafeRawPointer?, _ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, value)
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
