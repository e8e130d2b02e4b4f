/// The identity of an element of a ``StackState``: handed out in increasing order by the
/// `stackElementID` dependency, which never hands out an id twice (a `.push(id:state:)` can
/// bring back an id that was popped).
///
/// In tests the generator starts at 0 for each test store, so ids read as integer literals:
///
/// <!-- context: arch-path, arch-stack -->
/// ```swift
/// await store.send(\.path[id: 0].counter.incrementButtonTapped) {
///   $0.path[id: 0, case: \.counter]?.count = 1
/// }
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
  let generation: Int

  init(generation: Int) {
    self.generation = generation
  }

  public init(integerLiteral value: Int) {
    self.generation = value
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: CustomDumpStringConvertible, CustomStringConvertible {
  public var customDumpDescription: String { "#\(generation)" }
  public var description: String { "#\(generation)" }
}

/// Hands out stack element ids.
public struct StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>

  /// A generator whose next id is `start`.
  public static func incrementing(from start: Int = 0) -> Self {
    Self(counter: LockIsolated(start))
  }

  /// Returns the next id and moves past it.
  public func next() -> StackElementID {
    counter.withValue { counter in
      defer { counter += 1 }
      return StackElementID(generation: counter)
    }
  }

  /// Makes sure ``next()`` never returns this id or an earlier one.
  func advance(past id: StackElementID) {
    counter.withValue { counter in
      counter = max(counter, id.generation + 1)
    }
  }

  /// The id the next call to ``next()`` returns.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.value)
  }
}

extension DependencyValues {
  /// Generates the ids of stack elements. Each test store starts a fresh one at 0.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static let liveValue = StackElementIDGenerator.incrementing()
  static var testValue: StackElementIDGenerator { .incrementing() }
}
