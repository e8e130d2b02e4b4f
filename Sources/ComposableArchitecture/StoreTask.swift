/// The effects started by one ``Store/send(_:)``.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects (and the effects of the actions they sent).
  public func cancel() {
    rawValue?.cancel()
  }

  /// Waits until every effect has finished.
  public func finish() async {
    await rawValue?.value
  }

  /// Whether the task was cancelled. A send that started no effect is never cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? false
  }
}
