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
/// identities.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: StackState<T>,
  _ rhs: StackState<T>
) -> Bool {
  guard lhs.ids == rhs.ids else { return false }
  return zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
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
