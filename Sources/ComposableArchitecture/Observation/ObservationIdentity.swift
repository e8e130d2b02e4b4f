// The identities generated accessors compare before and after a write (`set`) or an in-place
// modification (`_modify`), picked by the field's static type. When they are equal, the field
// does not notify its observers: the value is observable state whose own changed fields already
// notified theirs. Computing an identity never copies the value.

/// Observable state: its identity.
@inlinable
public func _$observationIdentity<T: ObservableState>(_ value: T) -> ObservableStateID {
  value._$id
}

/// Optional observable state: its identity, or `nil`.
@inlinable
public func _$observationIdentity<T: ObservableState>(_ value: T?) -> ObservableStateID? {
  value?._$id
}

/// A collection of observable state: the identities of its elements, in order.
@inlinable
public func _$observationIdentity<C: Collection>(_ value: C) -> [ObservableStateID]
where C.Element: ObservableState {
  value.map(\._$id)
}

/// A navigation stack: its structure, which changes when elements are added, removed or
/// replaced, and not when an element changes in place.
@inlinable
public func _$observationIdentity<T: ObservableState>(_ value: StackState<T>) -> ObservableStateID {
  value.structure
}

/// Presented observable state: the identity of what is presented, or `nil`.
@inlinable
public func _$observationIdentity<T: ObservableState>(
  _ value: PresentationState<T>
) -> ObservableStateID? {
  // Read in place: `wrappedValue` would copy the child (and retain all it holds) for one field.
  value.storage.state?._$id
}

/// Any other value: an identity never equal to another, so a modification always notifies.
@inlinable
public func _$observationIdentity<T>(_ value: T) -> _$UnknownIdentity {
  _$UnknownIdentity()
}

/// The identity of a value that has none: never equal to another.
public struct _$UnknownIdentity: Equatable, Sendable {
  @inlinable public init() {}
  @inlinable public static func == (_: Self, _: Self) -> Bool { false }
}

/// A function of a state that reads the identity of its presented child in place, for a
/// presented field whose child is observable state (`@ObservableState` lists it in the state's
/// shape, where a presentation reducer finds it).
@inlinable
public func _$presentedIdentity<Root, Child: ObservableState>(
  _: Root.Type, _ presentation: @escaping (Root) -> PresentationState<Child>
) -> Any? {
  let identity: (Root) -> ObservableStateID? = { presentation($0).storage.state?._$id }
  return identity
}

/// Nothing, for a child that is not observable state: a change to it always notifies.
@inlinable
public func _$presentedIdentity<Root, Child>(
  _: Root.Type, _ presentation: @escaping (Root) -> PresentationState<Child>
) -> Any? {
  nil
}
