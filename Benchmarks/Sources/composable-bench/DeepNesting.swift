import ComposableArchitecture

/// A feature whose state contains itself through `PresentationState`, as a drill-down does.
struct Drill: Equatable {
  var name: String
  @PresentationState var child: Drill?
}

/// Builds, copies, compares and mutates a state nested `depth` levels deep through
/// `PresentationState`. On the stack this would overflow long before 2,000 levels in a release
/// build's frames; here it must not. Returns a description of what failed, or nil.
func checkDeepNesting(depth: Int) -> String? {
  func build() -> Drill? {
    var node: Drill?
    for level in stride(from: depth, to: 0, by: -1) {
      node = Drill(name: "\(level)", child: node)
    }
    return node
  }
  func rename(_ node: inout Drill?, atDepth remaining: Int) {
    if remaining == 0 {
      node?.name = "changed"
    } else {
      rename(&node!.child, atDepth: remaining - 1)
    }
  }
  func measureDepth(_ node: Drill?) -> Int {
    var count = 0
    var current = node
    while let next = current {
      count += 1
      current = next.child
    }
    return count
  }

  let root = build()
  let copy = root
  guard copy == root else { return "a copy is not equal to its original" }
  guard build() == root else { return "two separately built states are not equal" }
  var other = root
  rename(&other, atDepth: depth - 1)
  guard other != root, root != other else { return "a change at the bottom went unnoticed" }
  guard measureDepth(root) == depth, measureDepth(other) == depth else {
    return "the depth changed"
  }
  guard root.map({ measureDepth($0.child) }) == depth - 1 else { return "the original changed" }
  return nil
}
