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
  /// The entries marked with each cancellation key.
  private var byCancelKey: [CancelKey: Set<Int>] = [:]
  /// The cancellation keys in use for each identifier, whatever their scope.
  private var keysByID: [AnyHashableSendable: Set<CancelKey>] = [:]
  /// The entries under each prefix of their scope (the empty prefix and the whole scope
  /// included), so cancelling a child's scope never looks at the other effects of the store.
  private var byScopePrefix: [[EffectScopeID]: Set<Int>] = [:]

  /// Operations of `withTaskCancellation` running in effects, by key and token.
  private var cancellers: [CancelKey: [Int: @Sendable () -> Void]] = [:]

  var isEmpty: Bool { entries.isEmpty }

  /// How many effects started by features are running and not cancelled.
  var liveCount: Int { entries.values.count(where: \.isLive) }

  /// Whether a running effect could still send an action: one started by a feature, or a
  /// cancelled presentation bookkeeping effect that is about to send its dismissal. (Bookkeeping
  /// that waits for its child to go away sends nothing until something else acts.)
  var canSendActions: Bool {
    entries.values.contains { !$0.isBookkeeping || $0.isCancelled }
  }

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
    for key in context.cancelKeys {
      byCancelKey[key, default: []].insert(id)
      keysByID[key.id, default: []].insert(key)
    }
    for length in 0...context.scope.count {
      byScopePrefix[Array(context.scope[..<length]), default: []].insert(id)
    }
  }

  func remove(_ id: Int) {
    guard let entry = entries.removeValue(forKey: id) else { return }
    for key in entry.cancelKeys {
      byCancelKey[key]?.remove(id)
      if byCancelKey[key]?.isEmpty == true {
        byCancelKey[key] = nil
        keysByID[key.id]?.remove(key)
        if keysByID[key.id]?.isEmpty == true { keysByID[key.id] = nil }
      }
    }
    for length in 0...entry.scope.count {
      let prefix = Array(entry.scope[..<length])
      byScopePrefix[prefix]?.remove(id)
      if byScopePrefix[prefix]?.isEmpty == true { byScopePrefix[prefix] = nil }
    }
  }

  /// Cancels the effects marked with `id` in this scope and in every child scope inside it, and
  /// the operations of `withTaskCancellation` running there with it: a parent's
  /// `.cancel(id:)` reaches its presented children, never a sibling's or a parent's effects.
  func cancel(id: AnyHashableSendable, scope: [EffectScopeID]) {
    for key in keysByID[id] ?? [] where key.scope.starts(with: scope) {
      cancel(byCancelKey[key] ?? [])
    }
    guard !cancellers.isEmpty else { return }
    let keys = cancellers.keys.filter { $0.id == id && $0.scope.starts(with: scope) }
    for key in keys {
      guard let cancels = cancellers.removeValue(forKey: key) else { continue }
      for cancel in cancels.values { cancel() }
    }
  }

  /// Registers an operation of `withTaskCancellation`; returns a token to remove it with.
  func addCanceller(
    _ key: CancelKey, cancelInFlight: Bool, _ cancel: @escaping @Sendable () -> Void
  ) -> Int {
    if cancelInFlight { self.cancel(id: key.id, scope: key.scope) }
    let token = makeID()
    cancellers[key, default: [:]][token] = cancel
    return token
  }

  func removeCanceller(_ key: CancelKey, _ token: Int) {
    cancellers[key]?[token] = nil
    if cancellers[key]?.isEmpty == true { cancellers[key] = nil }
  }

  /// Cancels the oldest running effect marked with this key. Returns whether there was one.
  func cancelFirst(_ key: CancelKey) -> Bool {
    guard
      let id = (byCancelKey[key] ?? []).filter({ entries[$0]?.isCancelled == false }).min(),
      let entry = entries[id]
    else { return false }
    entries[id]?.isCancelled = true
    entry.task.cancel()
    return true
  }

  /// A running bookkeeping task started in exactly this scope.
  func liveBookkeepingTask(inScope scope: [EffectScopeID]) -> Task<Void, Never>? {
    for id in byScopePrefix[scope] ?? [] {
      guard let entry = entries[id], entry.isBookkeeping, !entry.isCancelled, entry.scope == scope
      else { continue }
      return entry.task
    }
    return nil
  }

  /// Cancels every effect started in this scope or in any scope nested inside it.
  func cancel(scopePrefix: [EffectScopeID]) {
    cancel(byScopePrefix[scopePrefix] ?? [])
  }

  /// Cancels the effects of every child scope at `location` directly under `prefix`, except the
  /// children with a kept identity.
  func cancelScopes(
    under prefix: [EffectScopeID], location: AnyHashableSendable,
    keeping: Set<AnyHashableSendable>
  ) {
    let ids = (byScopePrefix[prefix] ?? []).filter { id in
      guard let entry = entries[id], entry.scope.count > prefix.count else { return false }
      let child = entry.scope[prefix.count]
      let isKept = child.identity.map(keeping.contains) ?? false
      return child.location == location && !isKept
    }
    cancel(ids)
  }

  /// Cancels every effect a feature started, leaving the library's bookkeeping running.
  func cancelLive() {
    cancel(entries.filter { $0.value.isLive }.keys)
  }

  /// Cancels everything.
  func cancelAll() {
    cancel(entries.keys)
  }

  private func cancel(_ ids: some Sequence<Int>) {
    for id in Array(ids) {
      guard let entry = entries[id], !entry.isCancelled else { continue }
      entries[id]?.isCancelled = true
      entry.task.cancel()
    }
  }
}
