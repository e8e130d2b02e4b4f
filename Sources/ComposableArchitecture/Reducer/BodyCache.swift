import Synchronization

/// The bodies of reducers that have no stored properties, built once per type and per store.
///
/// A reducer's `body` is built for every action it reduces; building one is not free on Linux
/// (a case key path such as `\.destination` is instantiated each time, which decodes its
/// generic arguments by name, about 2 µs here). A reducer type with no stored properties builds
/// the same body every time in a given store, so a store keeps the first one it built and
/// reuses it. Per store, not per process: the reducers a body makes capture the dependencies in
/// force when they are made (`@Dependency` keeps them), and every store (every test) has its
/// own; and `.dependency(_:_:)` keeps the bodies built under its override apart in the same way.
/// A reducer with stored properties (a `@Dependency`, a configuration) builds its body for
/// every action, as upstream does, and so does a reducer called outside a store.
@usableFromInline
final class _ReducerBodies: Sendable {
  private let bodies = Mutex<[ObjectIdentifier: AnyBox]>([:])

  /// A body of any type, never mutated.
  @usableFromInline
  class AnyBox: @unchecked Sendable {
    @usableFromInline init() {}
  }

  @usableFromInline
  final class Box<Body>: AnyBox, @unchecked Sendable {
    @usableFromInline let body: Body
    @usableFromInline init(_ body: Body) { self.body = body }
  }

  private static let reducing = ThreadSpecific()

  /// The bodies of the store reducing on this thread, if any.
  @usableFromInline
  static var current: _ReducerBodies? {
    reducing.value.map { Unmanaged<_ReducerBodies>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs a store's reducer with these bodies for the reducers it runs.
  func reducing<R>(_ body: () throws -> R) rethrows -> R {
    try Self.reducing.with(Unmanaged.passUnretained(self).toOpaque(), body)
  }

  /// The box of the body of `reducer`, built the first time its type asks in this store. The
  /// body is run where it lies in its box: a copy would retain all it holds, at every level of
  /// a nested feature.
  @inlinable
  func box<R: Reducer>(of reducer: R) -> Box<R.Body> {
    let key = ObjectIdentifier(R.self)
    if let box = cached(key) {
      return unsafeDowncast(box, to: Box<R.Body>.self)
    }
    let box = Box(reducer.body)
    store(box, for: key)
    return box
  }

  @usableFromInline
  func cached(_ key: ObjectIdentifier) -> AnyBox? {
    bodies.withLock { $0[key] }
  }

  @usableFromInline
  func store(_ box: AnyBox, for key: ObjectIdentifier) {
    bodies.withLock { $0[key] = box }
  }
}
