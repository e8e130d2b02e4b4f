import Synchronization

/// The bodies of reducers that have no stored properties, built once per type.
///
/// A reducer's `body` is built for every action it reduces; building one is not free on Linux
/// (a case key path such as `\.destination` is instantiated each time, which decodes its
/// generic arguments by name, about 2 µs here). A reducer type with no stored properties can
/// only build one body (whatever it reads, it reads from outside the value), so the body is
/// built the first time the type reduces and reused. A reducer with stored properties (a
/// `@Dependency`, a configuration) builds its body for every action, as upstream does.
///
/// Reused means built once per process: a body should describe reducers, not compute values
/// that change (read a dependency inside `Reduce`, not while building the body).
@usableFromInline
enum _ReducerBodyCache {
  private static let bodies = Mutex<[ObjectIdentifier: AnyBox]>([:])

  /// A body of any type (reducers are values that only read; the box is never mutated).
  @usableFromInline
  class AnyBox: @unchecked Sendable {
    @usableFromInline init() {}
  }

  @usableFromInline
  final class Box<Body>: AnyBox, @unchecked Sendable {
    @usableFromInline let body: Body
    @usableFromInline init(_ body: Body) { self.body = body }
  }

  /// The body of `reducer`, built the first time its type asks.
  @inlinable
  static func body<R: Reducer>(of reducer: R) -> R.Body {
    let key = ObjectIdentifier(R.self)
    if let box = cached(key) {
      return unsafeDowncast(box, to: Box<R.Body>.self).body
    }
    let box = Box(reducer.body)
    return unsafeDowncast(insert(box, for: key), to: Box<R.Body>.self).body
  }

  @usableFromInline
  static func cached(_ key: ObjectIdentifier) -> AnyBox? {
    bodies.withLock { $0[key] }
  }

  /// Stores `box` unless another thread stored one first; returns the one stored.
  @usableFromInline
  static func insert(_ box: AnyBox, for key: ObjectIdentifier) -> AnyBox {
    bodies.withLock { bodies in
      if let existing = bodies[key] { return existing }
      bodies[key] = box
      return box
    }
  }
}
