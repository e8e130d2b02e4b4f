/// The backing storage of a field that `@ObservableState` tracks (`_path` for `path`, or
/// `_destination` for a `@Presents` field's `$destination`), for a reducer that mutates the
/// field at every action it handles (the stack reducer, `ifLet`).
///
/// A write through the field's key path (`state[keyPath: \.path]`) cannot use the field's
/// `_modify`: the runtime calls the getter into a buffer, then the setter, about 3,600
/// instructions, and the value is copied while the buffer holds it. Through the storage (at its
/// offset in the state) the write is in place; the reducer then tells the field's observers
/// itself when what they observe changed, as the field's accessors would have.
///
/// Found once per field from the state's `_$shape`, and only for state the macro wrote: any
/// other key path (a field of a nested value, a hand-written accessor) has no tracked storage,
/// and the reducer writes through it.
@usableFromInline
final class _TrackedStorage<Root, Value> {
  /// The key path to the field's storage.
  @usableFromInline let storage: WritableKeyPath<Root, Value>
  /// Tells the observers of the field that it changed.
  @usableFromInline let didModify: (Root) -> Void
  /// Where the storage lies in the state, when the runtime tells (a stored field of a struct):
  /// then it is read and written through a pointer, without the runtime's key path projection
  /// (generic code that copies the root, hundreds of instructions a read).
  @usableFromInline let offset: Int?
  /// For a presented field whose child is observable state: the presented child's identity
  /// in a state, read in place.
  @usableFromInline let presentedIdentity: ((Root) -> ObservableStateID?)?

  init(
    storage: WritableKeyPath<Root, Value>, didModify: @escaping (Root) -> Void,
    presentedIdentity: ((Root) -> ObservableStateID?)?
  ) {
    self.storage = storage
    self.didModify = didModify
    self.offset = MemoryLayout<Root>.offset(of: storage)
    self.presentedIdentity = presentedIdentity
  }

  /// The storage's value in `root` (taken `inout` so that it is read where it lies, never from
  /// a copy of the whole state).
  @inlinable
  func value(in root: inout Root) -> Value {
    guard let offset else { return root[keyPath: storage] }
    return withUnsafeMutablePointer(to: &root) {
      UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// Runs `body` on the storage in `root`, in place.
  @inlinable
  func modify<R>(_ root: inout Root, _ body: (inout Value) -> R) -> R {
    guard let offset else { return body(&root[keyPath: storage]) }
    return withUnsafeMutablePointer(to: &root) {
      body(
        &UnsafeMutableRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self)
          .pointee)
    }
  }

  /// The tracked storage of the field at `keyPath`, if it is a tracked field of `Root`.
  @usableFromInline
  static func of(_ keyPath: WritableKeyPath<Root, Value>) -> _TrackedStorage? {
    trackedStorageMemo.value(for: keyPath) {
      Found((Root.self as? any ObservableState.Type).flatMap { find($0, keyPath) })
    }.storage
  }

  /// What `of` found for a key path, kept in `trackedStorageMemo`.
  @usableFromInline
  final class Found {
    @usableFromInline let storage: _TrackedStorage?
    init(_ storage: _TrackedStorage?) { self.storage = storage }
  }
}

/// The tracked storage of every field looked up so far (a `_TrackedStorage.Found`), by the
/// field's key path: building a state's `_$shape` instantiates a key path per field, and a
/// reducer builds its body, and so looks up its stack or its presentation, at every action.
private let trackedStorageMemo = KeyPathMemo()

/// Finds the tracked storage of `keyPath` in the shape of `State`, the same type as `Root` at run
/// time: a tracked field's own key path (`\.path`), or a presented field's wrapper (`\.$child`),
/// whose observers are those of the field (`\.child`).
private func find<State: ObservableState, Root, Value>(
  _: State.Type, _ keyPath: WritableKeyPath<Root, Value>
) -> _TrackedStorage<Root, Value>? {
  guard let shape = State._$shape, let registrar = shape.registrar else { return nil }
  for field in shape.fields {
    let observed: AnyKeyPath
    switch field.kind {
    case .value where field.keyPath == keyPath: observed = field.keyPath
    case .presents where field.storage == keyPath: observed = field.keyPath
    default: continue
    }
    guard let storage = field.trackedStorage as? WritableKeyPath<Root, Value>,
      let didModify = (observed as? any ObservedKeyPath)?.didModify(registrar: registrar)
        as? (Root) -> Void
    else { return nil }
    return _TrackedStorage(
      storage: storage, didModify: didModify,
      presentedIdentity: field.presentedIdentity as? (Root) -> ObservableStateID?)
  }
  return nil
}

/// A key path to a field of observable state, whose observers can be told it changed.
private protocol ObservedKeyPath {
  /// A function of the state that tells the field's observers, through the state's registrar.
  func didModify(registrar: AnyKeyPath) -> Any?
}

extension KeyPath: ObservedKeyPath where Root: ObservableState {
  fileprivate func didModify(registrar: AnyKeyPath) -> Any? {
    guard let registrar = registrar as? KeyPath<Root, ObservationStateRegistrar> else {
      return nil
    }
    let didModify: (Root) -> Void = { state in
      state[keyPath: registrar].didModify(state, keyPath: self)
    }
    return didModify
  }
}
