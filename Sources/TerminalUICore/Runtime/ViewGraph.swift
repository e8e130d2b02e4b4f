import Observation
import Synchronization

/// The views with a `body` that an application's frames evaluated, kept between frames as
/// nodes, so that a frame evaluates again only the bodies whose inputs or reads changed.
///
/// A node is found by its place: under the node whose body made it, by the order its parent's
/// body made its views; or, for a view a widget lays out itself (the root, a stack's screens),
/// by the path of the widget drawing it, the key of the widget's build, and the view's type.
/// A node's body is evaluated again when the view found there differs from the one it kept
/// (compared byte for byte: the same numbers, strings and stores, the same objects), or when
/// something its body read through Observation changed since, or when a view below it had to
/// be evaluated again: a body's result holds the views its body made, so the bodies from the
/// root to a changed view are evaluated, and no other. The reads are observed per node, from
/// any thread: a change marks the node and the nodes above it, and asks for a frame.
///
/// What a body reads without Observation (a plain class, a global) is not seen, as in SwiftUI:
/// ``Application/setNeedsDisplay()`` evaluates every body again.
@MainActor
final class ViewGraph {
  /// The graph of the application laying out a frame: views met while it does are resolved
  /// through it. The body of a view has no context to be handed, so the frame's graph is the one
  /// thing laid out views find this way.
  static var current: ViewGraph?

  /// The session laying out views now: a view a widget lays out itself is found under its path.
  var session: FocusSession?
  /// The hash of the key of the ``RenderContext/build(_:in:_:)`` making views now, if any: the
  /// views of two builds at one path (a screen and the sheet over it) are told apart by it.
  private var build = 0
  /// Asks for a frame: called from the thread that changed what a body read.
  private let changed: @Sendable () -> Void
  // Read and written around every view with a body, on the main actor only, never while
  // another access is under way: checked, each access cost a runtime check of its own.
  @exclusivity(unchecked) private var nodes: [Int: AnyViewNode] = [:]
  /// The nodes found by a widget's path, with the frame that last found them: the others are
  /// forgotten when a frame ends.
  @exclusivity(unchecked) private var roots: [Int: AnyViewNode] = [:]
  /// The node whose body is being evaluated, and how many views it has made so far.
  @exclusivity(unchecked) private var parent: AnyViewNode?
  @exclusivity(unchecked) private var made = 0
  private var frame = 0

  init(changed: @escaping @Sendable () -> Void) {
    self.changed = changed
  }

  /// The widget `view`'s body ends in: the one kept if nothing it depends on changed.
  func resolve<V: View>(_ view: V) -> any Widget {
    var hasher = Hasher()
    if let parent {
      hasher.combine(parent.key)
      hasher.combine(made)
      made += 1
    } else {
      hasher.combine(session?.pathHash ?? 0)
      hasher.combine(build)
      hasher.combine(ObjectIdentifier(V.self))
    }
    let key = hasher.finalize()
    let found = nodes[key]
    // Compared by the view's type, which a generic function is handed: the node class's own
    // type would be looked up in the runtime's cache of generic types at every view.
    if let found, found.viewType == ObjectIdentifier(V.self) {
      let node = unsafeDowncast(found, to: ViewNode<V>.self)
      if !node.state.isDirty, sameValue(node.view, view) {
        adopt(node)
        return node.widget
      }
      node.view = view
      evaluate(node)
      return node.widget
    }
    if let found { forget(found) }
    let node = ViewNode(key: key, view: view, parent: parent)
    nodes[key] = node
    evaluate(node)
    return node.widget
  }

  /// Evaluates the node's body, observing what it reads, and forgets the nodes its last
  /// evaluation made that this one did not.
  private func evaluate<V: View>(_ node: ViewNode<V>) {
    let (outer, outerMade) = (parent, made)
    let before = node.children
    node.children = []
    (parent, made) = (node, 0)
    let state = node.state
    let generation = state.beginEvaluation()
    let changed = self.changed
    let view = node.view
    node.widget = withObservationTracking {
      BodyEvaluations.count += 1
      return view.body._primitive()
    } onChange: { [weak state] in
      guard let state, state.invalidate(generation: generation) else { return }
      changed()
    }
    (parent, made) = (outer, outerMade)
    if !before.isEmpty, !before.elementsEqual(node.children, by: ===) {
      let kept = Set(node.children.map(ObjectIdentifier.init))
      for child in before where !kept.contains(ObjectIdentifier(child)) { forget(child) }
    }
    adopt(node)
  }

  /// Marks `node` found in this frame, under the node being evaluated.
  private func adopt(_ node: AnyViewNode) {
    if let parent {
      parent.children.append(node)
    } else if node.frame != frame {
      if node.frame < 0 { roots[node.key] = node }
      node.frame = frame
    }
  }

  /// Forgets `node` and the nodes below it: freed, their reads no longer ask for frames (their
  /// observations hold them weakly).
  private func forget(_ node: AnyViewNode) {
    if nodes[node.key] === node { nodes[node.key] = nil }
    if roots[node.key] === node { roots[node.key] = nil }
    for child in node.children { forget(child) }
    node.children = []
  }

  /// Runs `make`, a widget's build of views under `key`.
  func building<Result>(_ key: AnyHashable, _ make: () -> Result) -> Result {
    let outer = build
    build = key.hashValue
    defer { build = outer }
    return make()
  }

  /// Evaluates every body again at the next frame.
  func invalidateAll() {
    for node in nodes.values { node.state.markDirty() }
  }

  /// Ends a frame: the nodes found by a widget's path that it did not find are forgotten.
  func endFrame() {
    session = nil
    for node in roots.values where node.frame != frame { forget(node) }
    frame += 1
  }
}

/// A view kept between frames, with the widget its body ended in.
@MainActor
class AnyViewNode {
  let key: Int
  /// The type of its view.
  let viewType: ObjectIdentifier
  let state: NodeState
  @exclusivity(unchecked) var widget: any Widget = EmptyView()
  /// The nodes its body made, in order, when it was last evaluated.
  @exclusivity(unchecked) var children: [AnyViewNode] = []
  /// The frame that last found it, for a node found by a widget's path; -1 before the first.
  var frame = -1

  init(key: Int, viewType: ObjectIdentifier, parent: AnyViewNode?) {
    self.key = key
    self.viewType = viewType
    self.state = NodeState(parent: parent?.state)
  }
}

@MainActor
final class ViewNode<V: View>: AnyViewNode {
  var view: V

  init(key: Int, view: V, parent: AnyViewNode?) {
    self.view = view
    super.init(key: key, viewType: ObjectIdentifier(V.self), parent: parent)
  }
}

/// Whether a node must be evaluated again, told from any thread: a change to what its body
/// read marks it and every node above it (whose kept results hold its widget).
final class NodeState: Sendable {
  let parent: NodeState?
  private let dirty = Atomic<Bool>(true)
  /// Counts the node's evaluations: a change seen by an earlier one's observation is ignored.
  private let generation = Atomic<Int>(0)

  init(parent: NodeState?) {
    self.parent = parent
  }

  var isDirty: Bool { dirty.load(ordering: .acquiring) }

  /// Starts an evaluation: the node is clean until what it reads now changes.
  func beginEvaluation() -> Int {
    dirty.store(false, ordering: .releasing)
    return generation.add(1, ordering: .acquiringAndReleasing).newValue
  }

  /// Marks the node and the nodes above it, if `generation` is its latest evaluation; returns
  /// whether it did.
  func invalidate(generation: Int) -> Bool {
    guard self.generation.load(ordering: .acquiring) == generation else { return false }
    markDirty()
    return true
  }

  /// Marks the node and the nodes above it.
  func markDirty() {
    var state: NodeState? = self
    while let current = state {
      current.dirty.store(true, ordering: .releasing)
      state = current.parent
    }
  }
}

/// Whether two values are the same bytes: the same numbers and strings stored inline, the same
/// objects and closures. Equal values may differ (a string stored out of line, padding), which
/// only costs an evaluation.
@inline(__always)
func sameValue<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  // Values of one type take as many bytes.
  withUnsafeBytes(of: lhs) { left in
    withUnsafeBytes(of: rhs) { right in
      var offset = 0
      while offset + 8 <= left.count {
        guard
          left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
      }
      while offset < left.count {
        guard left[offset] == right[offset] else { return false }
        offset += 1
      }
      return true
    }
  }
}
