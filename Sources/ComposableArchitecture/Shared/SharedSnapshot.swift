import Synchronization

/// The values of shared references as they were at one moment, keyed by their root reference.
///
/// Shared state is a reference, so two copies of a feature's state see one value. The test
/// store needs "the state after this step" to stay what it was, so it records a snapshot of
/// every shared value the state reaches, and reads, writes and compares state inside a snapshot
/// context, where shared values resolve to the snapshot instead of the live reference.
final class SharedSnapshot: @unchecked Sendable {
  private var values: [ObjectIdentifier: (reference: AnyObject, value: Any)] = [:]

  init() {}

  /// The shared values reachable from `state` now.
  init(capturing state: Any) {
    var visited = Set<ObjectIdentifier>()
    capture(state, visited: &visited)
  }

  var isEmpty: Bool { values.isEmpty }

  func value(of reference: AnyObject) -> Any? {
    values[ObjectIdentifier(reference)]?.value
  }

  func setValue(_ value: Any, of reference: AnyObject) {
    values[ObjectIdentifier(reference)] = (reference, value)
  }

  func copy() -> SharedSnapshot {
    let copy = SharedSnapshot()
    copy.values = values
    return copy
  }

  private func capture(_ value: Any, visited: inout Set<ObjectIdentifier>) {
    // A number, a flag, a string, an enum without payloads that hold references, a registrar:
    // the walk stops there without a cast or a reflection, which were most of what a test
    // store step paid.
    if holdsNoSharedValue(value) { return }
    if let shared = value as? any _SharedValue {
      let (root, rootValue) = shared._sharedRoot
      if values[ObjectIdentifier(root)] == nil {
        values[ObjectIdentifier(root)] = (root, rootValue)
      }
      return
    }
    var mirror: Mirror? = Mirror(reflecting: value)
    if mirror?.displayStyle == .class {
      guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
    }
    while let current = mirror {
      for child in current.children {
        capture(child.value, visited: &visited)
      }
      mirror = current.superclassMirror
    }
  }

  // MARK: - Contexts

  /// The snapshot that shared reads and writes resolve to, inside ``withSnapshot(_:_:)``.
  @TaskLocal static var current: SharedSnapshot?
  /// The snapshots the two sides of `==` resolve to, inside ``comparing(_:_:_:)``.
  @TaskLocal static var comparison: Comparison?
  /// The shared values before (`lhs`) and after (`rhs`) the action `_printChanges` reports.
  @TaskLocal static var change: Comparison?

  final class Comparison: Sendable {
    let lhs: SharedSnapshot
    let rhs: SharedSnapshot
    init(lhs: SharedSnapshot, rhs: SharedSnapshot) {
      self.lhs = lhs
      self.rhs = rhs
    }
  }

  /// How many snapshot contexts are open in the process: while none is, shared reads pay one
  /// relaxed atomic load and never look up a task-local.
  private static let activeContexts = Atomic<Int>(0)

  static var isActive: Bool {
    activeContexts.load(ordering: .relaxed) > 0
  }

  /// Runs `body` with shared values read from and written to `snapshot`.
  static func withSnapshot<R>(_ snapshot: SharedSnapshot, _ body: () throws -> R) rethrows -> R {
    activeContexts.add(1, ordering: .relaxed)
    defer { activeContexts.subtract(1, ordering: .relaxed) }
    return try $current.withValue(snapshot) { try body() }
  }

  /// Runs `body`, in which `==` on shared values compares the left side's value in `lhs` with
  /// the right side's value in `rhs`.
  static func comparing<R>(
    _ lhs: SharedSnapshot, _ rhs: SharedSnapshot, _ body: () throws -> R
  ) rethrows -> R {
    activeContexts.add(1, ordering: .relaxed)
    defer { activeContexts.subtract(1, ordering: .relaxed) }
    return try $comparison.withValue(Comparison(lhs: lhs, rhs: rhs)) { try body() }
  }
}

/// A value that holds a shared reference (``Shared``, ``SharedReader``): snapshots record its
/// root reference and the root's current value.
protocol _SharedValue {
  var _sharedRoot: (reference: AnyObject, value: Any) { get }
}

/// Whether a value of type `T` cannot hold a shared value (called with a value of type `Any`,
/// `T` is the value's own type): a trivial type, a string, or the observation registrar of
/// observable state. Told by the type alone, before any cast or reflection.
private func holdsNoSharedValue<T>(_: T) -> Bool {
  _isPOD(T.self) || T.self == String.self || T.self == Substring.self
    || T.self == ObservationStateRegistrar.self
}
