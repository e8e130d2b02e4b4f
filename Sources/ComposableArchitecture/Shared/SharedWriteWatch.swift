/// Tells whether a shared value was written while a test store's reducer ran, as upstream's
/// test store tracks shared changes: a step that wrote one (even the value it held) is not
/// reported as "Expected state to change, but no change occurred".
final class SharedWriteWatch: @unchecked Sendable {
  /// Set by the writes made while the watch is current; read after the reducer returns, on the
  /// same task.
  var wrote = false

  /// The watch of the reducer running on this task, if a test store watches it.
  @TaskLocal static var current: SharedWriteWatch?
}
