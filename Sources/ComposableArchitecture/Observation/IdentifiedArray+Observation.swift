import OrderedCollections

extension Store {
  /// A store for each element of an identified collection, for `ForEach`.
  ///
  /// <!-- context: arch-rows, arch-rows-view -->
  /// ```swift
  /// ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
  ///   RowView(store: rowStore)
  /// }
  /// ```
  ///
  /// Each element's store reads its element by id and sends `.element(id:action:)`, so it keeps
  /// addressing the same element when others are added, removed or moved. Asking again for an
  /// element returns the same store.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    StoreCollection(store: scope(state: state, action: action))
  }
}

/// The stores of the elements of an identified collection: what
/// ``Store/scope(state:action:)-(_,CaseKeyPath<Action,IdentifiedAction<ElementID,ElementAction>>)``
/// returns.
///
/// Views use it on the main actor, where stores live.
public struct StoreCollection<ID: Hashable & Sendable, State, Action>: RandomAccessCollection,
  Sendable
{
  let store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>
  /// The ids when the collection was made (shared with the state's, not copied: a view asks
  /// for this collection every frame).
  let ids: OrderedSet<ID>

  @MainActor
  init(store: Store<IdentifiedArray<ID, State>, IdentifiedAction<ID, Action>>) {
    self.store = store
    self.ids = store.state.ids
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  /// The store of the element at this position.
  public subscript(position: Int) -> Store<State, Action> {
    let id = ids[position]
    let store = self.store
    let ids = self.ids
    return MainActor.assumeIsolated {
      store.elementStore(id: id, among: ids)
    }
  }
}

extension Store {
  /// The store of the element with this id, which `ids` (the collection's ids now) holds.
  ///
  /// A view walks the elements' stores every frame, and scoping to one (`\.[id: id]`, twice)
  /// instantiates two key paths with arguments, about 85,000 instructions a row; so the stores
  /// are also kept by id, and those of ids no longer in the collection are dropped when one is
  /// added (as the stores of gone optional children are). The store is the one
  /// `scope(state: \.[id: id], action: \.[id: id])` returns.
  func elementStore<ID: Hashable & Sendable, ElementState, ElementAction>(
    id: ID, among ids: OrderedSet<ID>
  ) -> Store<ElementState, ElementAction>
  where
    State == IdentifiedArray<ID, ElementState>, Action == IdentifiedAction<ID, ElementAction>
  {
    let elements = scopes.elementStores(ID.self)
    if let store = elements[id] {
      return unsafeDowncast(store, to: Store<ElementState, ElementAction>.self)
    }
    let action: CaseKeyPath<Action, ElementAction> = \.[id: id]
    guard let child = scope(state: \.[id: id], action: action) else {
      preconditionFailure("The element \(id) left the collection while its store was asked for.")
    }
    elements.insert(child, for: id, count: ids.count, isKept: ids.contains)
    return child
  }
}

extension Store: Identifiable where State: Identifiable {
  /// The id of the state: a store of an element is identified by its element.
  public nonisolated var id: State.ID {
    MainActor.assumeIsolated { UncheckedSendable(state.id) }.value
  }
}

// The twin of the overload above for `\.rows` resolved to the case's `AllCasePaths` property, as
// `Store+Scope.swift` explains: without it, that overload's twin for any child would win.
extension Store where Action: CasePathable {
  @_documentation(visibility: internal)
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction>(
    state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action: _CasePropertyPath<Action, IdentifiedAction<ElementID, ElementAction>>
  ) -> StoreCollection<ElementID, ElementState, ElementAction> {
    StoreCollection(store: scope(state: state, action: action))
  }
}
