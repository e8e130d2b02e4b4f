/// The effects a root store has started and not yet seen finish, with the cancellation
/// identifiers and scope each one runs under.
///
/// Each root store owns one registry, so stores (and tests running in parallel) never cancel
/// each other's effects.
@MainActor
final class EffectRegistry {
  struct CancelKey: Hashable, Sendable {
    let scope: [EffectScopeID]
    let id: AnyHashableSendable
  }

  struct Entry {
    let task: Task<Void, Never>
    let scope: [EffectScopeID]
    let cancelKeys: [CancelKey]
    let origin: Any?
    let isBookkeeping: Bool
    var isCancelled = false

    /// Running, not cancelled, and started by a feature (not the library's bookkeeping).
    var isLive: Bool { !isCancelled && !isBookkeeping }
  }

  private var nextID = 0
  private(set) var entries: [Int: Entry] = [:]

  var isEmpty: Bool { entries.isEmpty }

  /// How many effects started by features are running and not cancelled.
  var liveCount: Int { entries.values.count(where: \.isLive) }

  func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  func insert<Action>(
    _ id: Int, task: Task<Void, Never>, context: StoreRuntime<some Any, Action>.ExecutionContext,
    origin: Any?
  ) {
    entries[id] = Entry(
      task: task, scope: context.scope, cancelKeys: context.cancelKeys, origin: origin,
      isBookkeeping: context.isBookkeeping)
  }

  func remove(_ id: Int) {
    entries[id] = nil
  }

  /// Cancels the effects marked with `id` in exactly this scope.
  func cancel(id: AnyHashableSendable, scope: [EffectScopeID]) {
    let key = CancelKey(scope: scope, id: id)
    cancelEntries { $0.cancelKeys.contains(key) }
  }

  /// Cancels the oldest running effect marked with this key. Returns whether there was one.
  func cancelFirst(_ key: CancelKey) -> Bool {
    guard
      let (id, entry) = entries.filter({
        !$0.value.isCancelled && $0.value.cancelKeys.contains(key)
      })
      .min(by: { $0.key < $1.key })
    else { return false }
    entries[id]?.isCancelled = true
    entry.task.cancel()
    return true
  }

  /// A running bookkeeping task started in exactly this scope.
  func liveBookkeepingTask(inScope scope: [EffectScopeID]) -> Task<Void, Never>? {
    entries.values.first { $0.isBookkeeping && !$0.isCancelled && $0.scope == scope }?.task
  }

  /// Cancels every effect started in this scope or in any scope nested inside it.
  func cancel(scopePrefix: [EffectScopeID]) {
    cancelEntries { $0.scope.starts(with: scopePrefix) }
  }

  /// Cancels every effect a feature started, leaving the library's bookkeeping running.
  func cancelLive() {
    cancelEntries(where: \.isLive)
  }

  /// Cancels everything.
  func cancelAll() {
    cancelEntries { _ in true }
  }

  private func cancelEntries(where shouldCancel: (Entry) -> Bool) {
    for (id, entry) in entries where !entry.isCancelled && shouldCancel(entry) {
      entries[id]?.isCancelled = true
      entry.task.cancel()
    }
  }
}
