/// The effects a root store has started and not yet seen finish, with the cancellation
/// identifiers and scope each one runs under, and the armed dismissals of presented children.
///
/// Each root store owns one registry, so stores (and tests running in parallel) never cancel
/// each other's effects.
@MainActor
final class EffectRegistry {
  struct CancelKey: Hashable, Sendable {
    let scope: [EffectScopeID]
    let id: AnyHashableSendable

    static func == (lhs: Self, rhs: Self) -> Bool {
      areEqual(lhs.id, rhs.id) && lhs.scope == rhs.scope
    }
  }

  struct Entry {
    let task: Task<Void, Never>
    let scope: [EffectScopeID]
    let cancelKeys: [CancelKey]
    let origin: Any?
    var isCancelled = false
  }

  /// What a presented child's `dismiss()` does: tells its parent. It is no effect (no task waits
  /// for it), so a test store never counts it and a push starts no task.
  private struct Dismissal {
    let scope: [EffectScopeID]
    let deliver: @MainActor () -> Void
  }

  private var nextID = 0
  private(set) var entries: [Int: Entry] = [:]
  private var dismissals: [Int: Dismissal] = [:]
  /// The armed dismissal of each scope.
  private var dismissalsByScope: [[EffectScopeID]: Int] = [:]
  /// The entries marked with each cancellation key.
  private var byCancelKey: [CancelKey: Set<Int>] = [:]
  /// The cancellation keys in use for each identifier, whatever their scope.
  private var keysByID: [AnyHashableSendable: Set<CancelKey>] = [:]
  /// The entries and dismissals under each prefix of their scope (the empty prefix and the whole
  /// scope included), so cancelling a child's scope never looks at the other effects of the
  /// store.
  private var byScopePrefix: [[EffectScopeID]: Set<Int>] = [:]

  /// Operations of `withTaskCancellation` running in effects, by key and token.
  private var cancellers: [CancelKey: [Int: @Sendable () -> Void]] = [:]

  /// How many effects are running and not cancelled.
  var liveCount: Int { entries.values.count { !$0.isCancelled } }

  /// Whether a running effect could still send an action. (An armed dismissal sends nothing
  /// until an effect calls `dismiss()`.)
  var canSendActions: Bool { !entries.isEmpty }

  func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  func insert<Action>(
    _ id: Int, task: Task<Void, Never>, context: StoreRuntime<some Any, Action>.ExecutionContext,
    origin: Any?
  ) {
    entries[id] = Entry(
      task: task, scope: context.scope, cancelKeys: context.cancelKeys, origin: origin)
    for key in context.cancelKeys {
      byCancelKey[key, default: []].insert(id)
      keysByID[key.id, default: []].insert(key)
    }
    index(id, scope: context.scope)
  }

  /// Arms the dismissal of the child whose scope this is, in place of one armed before.
  func armDismissal(scope: [EffectScopeID], _ deliver: @escaping @MainActor () -> Void) {
    if let armed = dismissalsByScope[scope] { disarm(armed) }
    let id = makeID()
    dismissals[id] = Dismissal(scope: scope, deliver: deliver)
    dismissalsByScope[scope] = id
    index(id, scope: scope)
  }

  /// Disarms the dismissal armed in exactly this scope and returns what it delivers.
  func takeDismissal(inScope scope: [EffectScopeID]) -> (@MainActor () -> Void)? {
    guard let id = dismissalsByScope[scope], let dismissal = dismissals[id] else { return nil }
    disarm(id)
    return dismissal.deliver
  }

  private func disarm(_ id: Int) {
    guard let dismissal = dismissals.removeValue(forKey: id) else { return }
    dismissalsByScope[dismissal.scope] = nil
    unindex(id, scope: dismissal.scope)
  }

  private func index(_ id: Int, scope: [EffectScopeID]) {
    for length in 0...scope.count {
      byScopePrefix[Array(scope[..<length]), default: []].insert(id)
    }
  }

  /// One lookup of each prefix (a lookup hashes the prefix and compares its scopes).
  private func unindex(_ id: Int, scope: [EffectScopeID]) {
    for length in 0...scope.count {
      guard let index = byScopePrefix.index(forKey: Array(scope[..<length])) else { continue }
      byScopePrefix.values[index].remove(id)
      if byScopePrefix.values[index].isEmpty { byScopePrefix.remove(at: index) }
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
    unindex(id, scope: entry.scope)
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

  /// Cancels every effect started in this scope or in any scope nested inside it, and disarms
  /// the dismissals there.
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
      guard let scope = entries[id]?.scope ?? dismissals[id]?.scope, scope.count > prefix.count
      else { return false }
      let child = scope[prefix.count]
      let isKept = child.identity.map(keeping.contains) ?? false
      return areEqual(child.location, location) && !isKept
    }
    cancel(ids)
  }

  /// Cancels every running effect, leaving the dismissals armed.
  func cancelLive() {
    cancel(entries.filter { !$0.value.isCancelled }.keys)
  }

  /// Cancels everything and disarms every dismissal.
  func cancelAll() {
    cancel(Array(entries.keys) + Array(dismissals.keys))
  }

  private func cancel(_ ids: some Sequence<Int>) {
    for id in Array(ids) {
      guard let entry = entries[id] else {
        disarm(id)
        continue
      }
      guard !entry.isCancelled else { continue }
      entries[id]?.isCancelled = true
      entry.task.cancel()
    }
  }
}
