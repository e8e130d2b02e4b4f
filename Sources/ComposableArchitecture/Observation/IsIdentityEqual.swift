import IdentifiedCollections
import OrderedCollections

// The overloads `@ObservableState` accessors pass to ``ObservationStateRegistrar``, picked by the
// field's static type: whether a new value of the field is the same state as the old one. When
// it is, the field does not notify its observers, because the state's own fields already
// notified theirs.

/// Observable state: the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Optional observable state: both absent, or both present with the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T?, _ rhs: T?) -> Bool {
  switch (lhs, rhs) {
  case let (lhs?, rhs?): lhs._$id == rhs._$id
  case (nil, nil): true
  default: false
  }
}

/// A collection of observable state: the same number of elements, with the same identities in
/// the same order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  guard lhs.count == rhs.count else { return false }
  return zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// An identified array of observable state: the same ids, and elements with the same
/// identities.
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>,
  _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  guard lhs.ids == rhs.ids else { return false }
  return zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// A navigation stack of observable state: the same element ids, and elements with the same
/// identities. The stack keeps a token that changes with exactly that, so the answer does not
/// depend on the depth of the stack.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: StackState<T>,
  _ rhs: StackState<T>
) -> Bool {
  lhs.structure == rhs.structure
}

/// Presented observable state: both dismissed, or both presenting state with the same identity.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>,
  _ rhs: PresentationState<T>
) -> Bool {
  lhs.storage === rhs.storage || _$isIdentityEqual(lhs.wrappedValue, rhs.wrappedValue)
}

/// Any other value: never the same, so assigning it always notifies.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  false
}

// The identities `_modify` accessors compare before and after an in-place modification, picked
// by the field's static type like `_$isIdentityEqual`. Computing one never copies the value.

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
  value.wrappedValue?._$id
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
