/// The effects a root store has started and not yet seen finish, with the cancellation
/// identifiers and scope each one runs under, and the armed dismissals of presented children.
///
/// Each root store owns one registry, so stores (and tests running in parallel) never cancel
/// each other's effects.
///
/// The scopes form a tree (``EffectScopeNode``), from the store's root down to each child scope
/// something runs or is armed in: cancelling a child's scope visits only what is under it, and
/// pushing or popping a presented child is one lookup in its parent's children.
@MainActor
final class EffectRegistry {
  struct CancelKey: Hashable, Sendable {
    /// In the registry, an attached node (see ``EffectScopeNode/isAttached``), which stays in
    /// the tree while an entry or a canceller uses it. A key in an execution context may name a
    /// node that left the tree; ``insert(_:task:context:origin:)`` resolves it.
    let scope: EffectScopeNode
    let id: AnyHashableSendable

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.scope === rhs.scope && areEqual(lhs.id, rhs.id)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(scope))
      hasher.combine(id)
    }
  }

  struct Entry {
    let task: Task<Void, Never>
    let scope: EffectScopeNode
    let cancelKeys: [CancelKey]
    let origin: Any?
    var isCancelled = false
  }

  /// The store's own scope, around every child scope.
  let root = EffectScopeNode()

  private var nextID = 0
  private(set) var entries: [Int: Entry] = [:]
  /// The entries marked with each cancellation key.
  private var byCancelKey: [CancelKey: Set<Int>] = [:]
  /// The cancellation keys in use for each identifier, whatever their scope.
  private var keysByID: [AnyHashableSendable: Set<CancelKey>] = [:]

  /// Operations of `withTaskCancellation` running in effects, by key and token.
  private var cancellers: [CancelKey: [Int: @Sendable () -> Void]] = [:]

  /// How many effects are running and not cancelled.
  var liveCount: Int { entries.values.count { !$0.isCancelled } }

  /// Whether a running effect could still send an action. (An armed dismissal sends nothing
  /// until an effect calls `dismiss()`.)
  var canSendActions: Bool { !entries.isEmpty }

  // A scope in the tree and its parent hold each other: the tree is taken apart when the
  // registry goes (a store let go of with children presented), on the main actor.
  isolated deinit {
    var pending = [root]
    while let node = pending.popLast() {
      pending.append(contentsOf: node.children.values)
      node.children = [:]
      node.dismissal = nil
      node.isAttached = false
    }
  }

  func makeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  // MARK: The tree of scopes

  /// The node of a child scope inside `parent`, added to the tree if it is not there. A caller
  /// that leaves nothing in it calls ``prune(_:)`` afterwards.
  func child(_ scope: EffectScopeID, of parent: EffectScopeNode) -> EffectScopeNode {
    let parent = attached(parent)
    if let node = parent.child(at: scope) { return node }
    let node = EffectScopeNode(scope, in: parent)
    parent.children[EffectScopeNode.Key(scope)] = node
    return node
  }

  /// The node in the tree for the scopes of `node`: itself while it is attached, otherwise the
  /// node at the same path, added if need be. (A node leaves the tree once nothing is under it,
  /// but an effect's context can outlive that.)
  private func attached(_ node: EffectScopeNode) -> EffectScopeNode {
    guard !node.isAttached, let scope = node.scope, let parent = node.parent else { return node }
    return child(scope, of: parent)
  }

  /// The node in the tree at the path of `node`, if there is one; nothing is added.
  private func find(_ node: EffectScopeNode) -> EffectScopeNode? {
    let found = deepestAttached(node)
    return found.depth == node.depth ? found : nil
  }

  /// The innermost node in the tree on the path of `node`.
  private func deepestAttached(_ node: EffectScopeNode) -> EffectScopeNode {
    guard !node.isAttached, let scope = node.scope, let parent = node.parent else { return node }
    let around = deepestAttached(parent)
    guard around.depth == parent.depth else { return around }
    return around.child(at: scope) ?? around
  }

  /// Takes `node` and the nodes around it out of the tree for as long as nothing is in them.
  func prune(_ node: EffectScopeNode) {
    var node = node
    while node.isAttached, node.isEmpty, let scope = node.scope, let parent = node.parent {
      parent.children[EffectScopeNode.Key(scope)] = nil
      node.isAttached = false
      node = parent
    }
  }

  // MARK: Effects

  func insert<Action>(
    _ id: Int, task: Task<Void, Never>, context: StoreRuntime<some Any, Action>.ExecutionContext,
    origin: Any?
  ) {
    let scope = attached(context.scope)
    // A context kept by an armed dismissal can name scopes that have left the tree since.
    let keys = context.cancelKeys.map { $0.scope.isAttached ? $0 : cancelKey($0.id, in: $0.scope) }
    entries[id] = Entry(task: task, scope: scope, cancelKeys: keys, origin: origin)
    scope.entries.insert(id)
    for key in keys {
      byCancelKey[key, default: []].insert(id)
      keysByID[key.id, default: []].insert(key)
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
    entry.scope.entries.remove(id)
    prune(entry.scope)
  }

  /// The key that marks effects with `id` in this scope.
  func cancelKey(_ id: AnyHashableSendable, in scope: EffectScopeNode) -> CancelKey {
    CancelKey(scope: attached(scope), id: id)
  }

  // MARK: Dismissals

  /// Arms the dismissal of the child whose scope this is, in place of one armed before.
  func armDismissal(scope: EffectScopeNode, _ deliver: @escaping @MainActor () -> Void) {
    attached(scope).dismissal = deliver
  }

  /// Disarms the dismissal armed in the innermost scope around `scope` that has one (the root
  /// aside) and returns what it delivers.
  func takeDismissal(around scope: EffectScopeNode) -> (@MainActor () -> Void)? {
    var node: EffectScopeNode? = deepestAttached(scope)
    while let current = node, current.parent != nil {
      if let deliver = current.dismissal {
        current.dismissal = nil
        prune(current)
        return deliver
      }
      node = current.parent
    }
    return nil
  }

  // MARK: Cancellation

  /// Cancels the effects marked with `id` in this scope and in every child scope inside it, and
  /// the operations of `withTaskCancellation` running there with it: a parent's
  /// `.cancel(id:)` reaches its presented children, never a sibling's or a parent's effects.
  func cancel(id: AnyHashableSendable, scope: EffectScopeNode) {
    guard let scope = find(scope) else { return }
    for key in keysByID[id] ?? [] where key.scope.isInside(scope) {
      cancel(entriesIn: byCancelKey[key] ?? [])
    }
    guard !cancellers.isEmpty else { return }
    let keys = cancellers.keys.filter { $0.id == id && $0.scope.isInside(scope) }
    for key in keys {
      guard let cancels = cancellers.removeValue(forKey: key) else { continue }
      key.scope.pins -= cancels.count
      for cancel in cancels.values { cancel() }
      prune(key.scope)
    }
  }

  /// Registers an operation of `withTaskCancellation`; returns a token to remove it with.
  func addCanceller(
    id: AnyHashableSendable, scope: EffectScopeNode, cancelInFlight: Bool,
    _ cancel: @escaping @Sendable () -> Void
  ) -> Int {
    if cancelInFlight { self.cancel(id: id, scope: scope) }
    let key = cancelKey(id, in: scope)
    let token = makeID()
    cancellers[key, default: [:]][token] = cancel
    key.scope.pins += 1
    return token
  }

  func removeCanceller(id: AnyHashableSendable, scope: EffectScopeNode, _ token: Int) {
    guard let scope = find(scope) else { return }
    let key = CancelKey(scope: scope, id: id)
    guard cancellers[key]?.removeValue(forKey: token) != nil else { return }
    if cancellers[key]?.isEmpty == true { cancellers[key] = nil }
    scope.pins -= 1
    prune(scope)
  }

  /// Cancels every effect started in the child scope `scope` of `parent`, or in any scope nested
  /// inside it, and disarms the dismissals there.
  func cancel(child scope: EffectScopeID, of parent: EffectScopeNode) {
    guard let node = find(parent)?.child(at: scope) else { return }
    cancel(subtree: node)
  }

  /// Cancels the effects of every child scope at `location` directly under `parent`, except the
  /// children with a kept identity.
  func cancelScopes(
    under parent: EffectScopeNode, location: AnyHashableSendable,
    keeping: Set<AnyHashableSendable>
  ) {
    guard let parent = find(parent) else { return }
    let cancelled = parent.children.filter { key, _ in
      let scope = key.scope
      let isKept = scope.identity.map(keeping.contains) ?? false
      return areEqual(scope.location, location) && !isKept
    }
    for node in cancelled.values { cancel(subtree: node) }
  }

  /// Cancels every running effect, leaving the dismissals armed.
  func cancelLive() {
    cancel(entriesIn: entries.filter { !$0.value.isCancelled }.keys)
  }

  /// Cancels everything and disarms every dismissal.
  func cancelAll() {
    cancel(subtree: root)
  }

  /// Cancels the effects in `node` and under it, and disarms its dismissals. The effects stay
  /// registered until their tasks end.
  private func cancel(subtree node: EffectScopeNode) {
    var visited = [node]
    var ids: [Int] = []
    var index = 0
    while index < visited.count {
      let node = visited[index]
      index += 1
      node.dismissal = nil
      ids.append(contentsOf: node.entries)
      visited.append(contentsOf: node.children.values)
    }
    cancel(entriesIn: ids)
    // Children first: a node whose children all left the tree can leave it too.
    for node in visited.reversed() { prune(node) }
  }

  private func cancel(entriesIn ids: some Sequence<Int>) {
    for id in Array(ids) {
      guard let entry = entries[id], !entry.isCancelled else { continue }
      entries[id]?.isCancelled = true
      entry.task.cancel()
    }
  }
}

/// A scope in a registry's tree: the store's root, or a child scope inside its parent's (see
/// ``EffectScopeID``), with what runs or is armed exactly there.
///
/// A node stays in the tree while something is in it or under it; then it is taken out
/// (``isAttached`` becomes false). An effect's context may still hold it: the registry finds the
/// node at the same path for it (``EffectRegistry/attached(_:)``).
///
/// Its fields are read and written on the main actor only, in statements that run no code of the
/// app's, so the runtime's exclusivity checks (about 80 instructions an access, several per
/// push and pop) are left out.
@MainActor
final class EffectScopeNode: Sendable {
  /// The innermost scope; `nil` at the root.
  let scope: EffectScopeID?
  let parent: EffectScopeNode?
  /// How many scopes the path from the root has.
  let depth: Int
  /// Whether this scope or one around it is a presented child's.
  nonisolated let isPresented: Bool

  /// The nodes of the child scopes, by a key that holds the scope's hash: a dictionary
  /// of many children (a deep stack) rehashes keys as it grows and as it removes, and reading
  /// each key's hash from its scope object would miss the cache at every one.
  @exclusivity(unchecked) fileprivate(set) var children: [Key: EffectScopeNode] = [:]

  struct Key: Hashable {
    let hash: Int
    let scope: EffectScopeID

    init(_ scope: EffectScopeID) {
      self.hash = scope.hash
      self.scope = scope
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.hash == rhs.hash && lhs.scope == rhs.scope
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// The node of the child scope `scope`, if it is in the tree.
  func child(at scope: EffectScopeID) -> EffectScopeNode? {
    children[Key(scope)]
  }
  /// The effects running exactly in this scope.
  @exclusivity(unchecked) fileprivate var entries: Set<Int> = []
  /// The armed dismissal of the presented child this scope is.
  @exclusivity(unchecked) fileprivate var dismissal: (@MainActor () -> Void)?
  /// How many operations of `withTaskCancellation` are registered in this scope.
  @exclusivity(unchecked) fileprivate var pins = 0
  @exclusivity(unchecked) fileprivate(set) var isAttached = true

  init() {
    scope = nil
    parent = nil
    depth = 0
    isPresented = false
  }

  init(_ scope: EffectScopeID, in parent: EffectScopeNode) {
    self.scope = scope
    self.parent = parent
    depth = parent.depth + 1
    isPresented = parent.isPresented || scope.presents
  }

  fileprivate var isEmpty: Bool {
    entries.isEmpty && dismissal == nil && children.isEmpty && pins == 0
  }

  /// Whether this node is `other` or a node under it.
  func isInside(_ other: EffectScopeNode) -> Bool {
    var node = self
    while node.depth > other.depth, let parent = node.parent { node = parent }
    return node === other
  }
}
