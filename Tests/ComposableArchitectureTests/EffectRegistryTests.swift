import Testing

@testable import ComposableArchitecture

/// The registry's tree of scopes: a scope is in the tree while something runs, is armed or is
/// registered in it or under it, and a context that kept a scope which left the tree still
/// reaches what is at the same path.
@MainActor
struct EffectRegistryTests {
  private typealias Context = StoreRuntime<Int, Int>.ExecutionContext

  private let place = EffectScopeID.Place(0)

  private func scope(_ id: Int, presents: Bool = true) -> EffectScopeID {
    EffectScopeID(place: place, element: StackElementID(integerLiteral: id), presents: presents)
  }

  private func waitingTask() -> Task<Void, Never> {
    Task { try? await Task.sleep(for: .seconds(60)) }
  }

  @Test func pushesAndPopsLeaveNoScopeBehind() {
    let registry = EffectRegistry()
    for id in 0..<1_000 {
      let node = registry.child(scope(id), of: registry.root)
      registry.armDismissal(scope: node) {}
      registry.prune(node)
    }
    #expect(registry.root.children.count == 1_000)
    for id in 0..<1_000 {
      // A pop makes its scope anew: the tree finds the element's node by equality.
      registry.cancel(child: scope(id), of: registry.root)
    }
    #expect(registry.root.children.isEmpty)
  }

  @Test func aScopeStaysWhileAnEffectRunsInItAndLeavesWhenItEnds() {
    let registry = EffectRegistry()
    let node = registry.child(scope(1), of: registry.root)
    let task = waitingTask()
    registry.insert(0, task: task, context: Context(scope: node), origin: nil)
    registry.prune(node)
    #expect(node.isAttached)
    registry.remove(0)
    #expect(!node.isAttached)
    #expect(registry.root.children.isEmpty)
    task.cancel()
  }

  @Test func cancellingAScopeCancelsWhatRunsUnderItOnly() {
    let registry = EffectRegistry()
    let row = registry.child(scope(1, presents: false), of: registry.root)
    let sheet = registry.child(scope(2), of: row)
    let sibling = registry.child(scope(3, presents: false), of: registry.root)
    let inSheet = waitingTask()
    let inSibling = waitingTask()
    registry.insert(0, task: inSheet, context: Context(scope: sheet), origin: nil)
    registry.insert(1, task: inSibling, context: Context(scope: sibling), origin: nil)
    #expect(sheet.isPresented && !row.isPresented)

    registry.cancel(child: scope(1, presents: false), of: registry.root)
    #expect(registry.entries[0]?.isCancelled == true)
    #expect(registry.entries[1]?.isCancelled == false)
    #expect(inSheet.isCancelled)
    #expect(!inSibling.isCancelled)
    // The cancelled effect stays registered, and its scope in the tree, until its task ends.
    #expect(sheet.isAttached)
    registry.remove(0)
    #expect(!sheet.isAttached && !row.isAttached)
    #expect(registry.root.children.count == 1)
    inSibling.cancel()
  }

  @Test func aContextThatOutlivedItsScopeStillReachesTheScopeAtItsPath() {
    let registry = EffectRegistry()
    let stale = registry.child(scope(1), of: registry.root)
    registry.prune(stale)
    #expect(!stale.isAttached)

    // An operation of `withTaskCancellation` registered from the stale context lands in the
    // scope now at that path, and a cancellation from the parent reaches it.
    let cancelled = LockIsolated(0)
    let token = registry.addCanceller(
      id: AnyHashableSendable("load"), scope: stale, cancelInFlight: false
    ) { cancelled.withValue { $0 += 1 } }
    let current = registry.root.child(at: scope(1))
    #expect(current != nil && current !== stale)
    registry.cancel(id: AnyHashableSendable("load"), scope: registry.root)
    #expect(cancelled.value == 1)
    registry.removeCanceller(id: AnyHashableSendable("load"), scope: stale, token)
    #expect(registry.root.children.isEmpty)
  }

  @Test func dismissFromAScopeThatLeftTheTreeReachesThePresentationAroundIt() {
    let registry = EffectRegistry()
    let presented = registry.child(scope(1), of: registry.root)
    var dismissed = false
    registry.armDismissal(scope: presented) { dismissed = true }
    let inner = registry.child(scope(2, presents: false), of: presented)
    registry.prune(inner)
    #expect(!inner.isAttached && presented.isAttached)

    let deliver = registry.takeDismissal(around: inner)
    deliver?()
    #expect(dismissed)
    #expect(registry.takeDismissal(around: inner) == nil)
    #expect(registry.root.children.isEmpty)
  }

  @Test func aRegistryLetGoOfLeavesNoScopeAlive() async {
    // A store that goes away with children presented (elements pushed, sheets shown) frees
    // their scopes: a scope and its parent hold each other while both are in the tree.
    weak var root: EffectScopeNode?
    weak var child: EffectScopeNode?
    do {
      let registry = EffectRegistry()
      root = registry.root
      let node = registry.child(scope(1), of: registry.root)
      registry.armDismissal(scope: node) {}
      child = registry.child(scope(2), of: node)
      registry.armDismissal(scope: child!) {}
    }
    // The registry tears its tree down on the main actor.
    for _ in 0..<100 where root != nil || child != nil { await Task.yield() }
    #expect(root == nil)
    #expect(child == nil)
  }

  @Test func cancellingAllDisarmsEveryDismissal() {
    let registry = EffectRegistry()
    for id in 0..<10 {
      let outer = registry.child(scope(id), of: registry.root)
      registry.armDismissal(scope: outer) {}
      let inner = registry.child(scope(id + 100), of: outer)
      registry.armDismissal(scope: inner) {}
    }
    registry.cancelAll()
    #expect(registry.root.children.isEmpty)
  }
}
