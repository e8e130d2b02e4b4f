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
    var isCancelled = false
  }

  private var nextID = 0
  private(set) var entries: [Int: Entry] = [:]

  var isEmpty: Bool { entries.isEmpty }

  /// How many effects are running and not cancelled.
  var liveCount: Int { entries.values.count { !$0.isCancelled } }

  func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  func insert(
    _ id: Int, task: Task<Void, Never>, scope: [EffectScopeID], cancelKeys: [CancelKey],
    origin: Any?
  ) {
    entries[id] = Entry(task: task, scope: scope, cancelKeys: cancelKeys, origin: origin)
  }

  func remove(_ id: Int) {
    entries[id] = nil
  }

  /// Cancels the effects marked with `id` in exactly this scope.
  func cancel(id: AnyHashableSendable, scope: [EffectScopeID]) {
    let key = CancelKey(scope: scope, id: id)
    cancelEntries { $0.cancelKeys.contains(key) }
  }

  /// Cancels every effect started in this scope or in any scope nested inside it.
  func cancel(scopePrefix: [EffectScopeID]) {
    cancelEntries { $0.scope.starts(with: scopePrefix) }
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
