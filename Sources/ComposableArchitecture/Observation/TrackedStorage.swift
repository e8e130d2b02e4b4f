/// The backing storage of a field that `@ObservableState` tracks (`_path` for `path`), for a
/// reducer that mutates the field at every action it handles (the stack reducer).
///
/// A write through the field's key path (`state[keyPath: \.path]`) cannot use the field's
/// `_modify`: the runtime calls the getter into a buffer, then the setter, about 3,600
/// instructions, and the value is copied while the buffer holds it. Through the storage's key
/// path the write is in place; the reducer then tells the field's observers itself when what
/// they observe changed, as the field's accessors would have.
///
/// Found once per field from the state's `_$shape`, and only for state the macro wrote: any
/// other key path (a field of a nested value, a hand-written accessor) has no tracked storage,
/// and the reducer writes through it.
@usableFromInline
struct _TrackedStorage<Root, Value> {
  /// The key path to the field's storage.
  @usableFromInline let storage: WritableKeyPath<Root, Value>
  /// Tells the observers of the field that it changed.
  @usableFromInline let didModify: (Root) -> Void

  /// The tracked storage of the field at `keyPath`, if it is a tracked field of `Root`.
  @usableFromInline
  static func of(_ keyPath: WritableKeyPath<Root, Value>) -> Self? {
    if let found = trackedStorageCache.withLock({ $0[keyPath] }) {
      return found as? Self
    }
    let found = (Root.self as? any ObservableState.Type).flatMap { find($0, keyPath) }
    trackedStorageCache.withLock { $0[keyPath] = found as Any? }
    return found
  }
}

/// The tracked storage of every field looked up so far (a `_TrackedStorage`, or nil), by the
/// field's key path: building a state's `_$shape` instantiates a key path per field, and a
/// reducer with stored properties builds its body, and so looks up its stack, at every action.
private let trackedStorageCache = VisibleMutex<[AnyKeyPath: Any?]>([:])

/// Finds the tracked storage of `keyPath` in the shape of `State`, the same type as `Root` at run
/// time (opened from an existential so that the registrar, which needs observable state, can be
/// told).
private func find<State: ObservableState, Root, Value>(
  _: State.Type, _ keyPath: WritableKeyPath<Root, Value>
) -> _TrackedStorage<Root, Value>? {
  guard let shape = State._$shape,
    let field = shape.fields.first(where: { $0.keyPath == keyPath }),
    let storage = field.trackedStorage as? WritableKeyPath<Root, Value>,
    let registrar = shape.registrar as? KeyPath<State, ObservationStateRegistrar>,
    let observed = keyPath as? KeyPath<State, Value>
  else { return nil }
  let didModify: (State) -> Void = { state in
    state[keyPath: registrar].didModify(state, keyPath: observed)
  }
  guard let didModify = didModify as Any as? (Root) -> Void else { return nil }
  return _TrackedStorage(storage: storage, didModify: didModify)
}
