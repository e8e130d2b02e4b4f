/// The effects started by one `send(_:)` to a ``Store``.
///
/// <!-- context: core-feed, core-feed-store -->
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

  /// Waits until every effect has finished. Cancelling the task that waits cancels the
  /// effects, so a view's `.task { await store.send(.task).finish() }` stops them when the view
  /// goes away.
  public func finish() async {
    await withTaskCancellationHandler {
      await rawValue?.value
    } onCancel: {
      rawValue?.cancel()
    }
  }

  /// Whether the task was cancelled. A send that started no effect is never cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? false
  }
}
