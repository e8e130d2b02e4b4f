extension Store {
  /// Scopes the store to a child feature.
  ///
  /// <!-- context: core-app, core-app-store -->
  /// ```swift
  /// CounterView(store: store.scope(state: \.counter, action: \.counter))
  /// ```
  ///
  /// The child store always reads the root's latest state, and its actions are embedded into the
  /// parent's and reduced by the root's reducer. Scoping twice with the same paths returns the
  /// same store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    child(
      ScopedStores.Key(state: state, action: action, isOptional: false), state: state,
      embed: { AnyCasePath(action).embed })
  }

  /// Scopes the store to a child feature, written without the `state:` label.
  ///
  /// <!-- context: core-app, core-app-store -->
  /// ```swift
  /// CounterView(store: store.scope(\.counter, action: \.counter))
  /// ```
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: action)
  }

  /// Scopes the store to a child feature whose state may be absent, written without the
  /// `state:` label.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action)
  }

  /// Scopes the store to a child feature whose state may be absent: `nil` while it is.
  ///
  /// <!-- context: core-app, core-app-store, core-app-view -->
  /// ```swift
  /// if let childStore = store.scope(state: \.child, action: \.child) {
  ///   ChildView(store: childStore)
  /// }
  /// ```
  ///
  /// The child store reads the child while it is present. Once it is gone (a view animating away
  /// may still hold the store), it keeps reading the last child it saw, and the actions it sends
  /// reach the parent's reducer, which reports them. Scoping again with the same paths returns
  /// the same store.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    optionalChild(
      ScopedStores.Key(state: state, action: action, isOptional: true), recent: nil,
      state: state, embed: { AnyCasePath(action).embed })
  }

  /// The store scoped with `key`, made if there is none yet.
  private func child<ChildState, ChildAction>(
    _ key: ScopedStores.Key,
    state: KeyPath<State, ChildState>,
    embed: () -> (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    if let child = scopes[key]?.store as? Store<ChildState, ChildAction> {
      return child
    }
    let child = Store<ChildState, ChildAction>(core: core.scope(state: state, action: embed()))
    scopes.insert(child, isGone: nil, for: key)
    return child
  }

  /// The store scoped with `key` to optional state, `nil` (and forgotten) while the state is;
  /// `recent` is what the short list of recent scopes knew of it.
  private func optionalChild<ChildState, ChildAction>(
    _ key: ScopedStores.Key,
    recent: ScopedStores.Recent?,
    state: KeyPath<State, ChildState?>,
    embed: () -> (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    guard let childState = core.state[keyPath: state] else {
      if recent == nil || recent?.store != nil { scopes.remove(key) }
      return nil
    }
    if let store = recent?.store {
      return unsafeDowncast(store, to: Store<ChildState, ChildAction>.self)
    }
    if let child = scopes[key]?.store as? Store<ChildState, ChildAction> {
      return child
    }
    scopes.dropGone()
    let child = Store<ChildState, ChildAction>(
      core: core.scope(state: state, lastValue: childState, action: embed())
    )
    let core = core
    scopes.insert(child, isGone: { core.state[keyPath: state] == nil }, for: key)
    return child
  }
}

/// The key path to a case's own property of `AllCasePaths` (`\Action.AllCasePaths.child`): what
/// Swift passes for `\.child` to the overloads that take one, which it prefers to those taking a
/// case key path (`\Case<Action>.child`, through dynamic member lookup). Those twins are hidden
/// from the documentation: they behave as the overloads they shadow, only faster.
@_documentation(visibility: internal)
public typealias _CasePropertyPath<Root: CasePathable, Value> = KeyPath<
  Root.AllCasePaths, AnyCasePath<Root, Value>
>

// A view scopes in its `body`, every frame, and `\.child` written for a case key path is a new
// key path object each time (a subscript through dynamic member lookup, instantiated by the
// runtime: about 17,000 instructions), which the cache must then hash. Swift prefers these
// overloads, taking the key path to the case's own property of `AllCasePaths`, for the same
// `\.child`: a literal without arguments is one object for the life of the program, so they find
// their store in `ScopedStores`'s short list by identity, and embed through the case's own
// closure instead of a chain of `Case` values. They return the same stores as the overloads
// above, whose case key path they build when they make one.
extension Store where Action: CasePathable {
  @_documentation(visibility: internal)
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: _CasePropertyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let store = scopes.recent(state: state, action: action, isOptional: false)?.store {
      return unsafeDowncast(store, to: Store<ChildState, ChildAction>.self)
    }
    let key = ScopedStores.Key(
      state: state, action: \Case<Action>.[dynamicMember: action], isOptional: false)
    let child = child(key, state: state, embed: { Action.allCasePaths[keyPath: action].embed })
    scopes.remember(action: action, key: key, store: child)
    return child
  }

  @_documentation(visibility: internal)
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: _CasePropertyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: action)
  }

  @_documentation(visibility: internal)
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: _CasePropertyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    let recent = scopes.recent(state: state, action: action, isOptional: true)
    let key =
      recent?.key
      ?? ScopedStores.Key(
        state: state, action: \Case<Action>.[dynamicMember: action], isOptional: true)
    let child = optionalChild(
      key, recent: recent, state: state, embed: { Action.allCasePaths[keyPath: action].embed })
    if recent == nil {
      scopes.remember(action: action, key: key, store: child)
    }
    return child
  }

  @_documentation(visibility: internal)
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: _CasePropertyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: state, action: action)
  }
}

/// The stores a store's `scope` made, by the key paths they were made with.
///
/// One scoped to optional state also knows whether its state is gone: it is dropped when it is
/// next asked for, and every gone one whenever a new optional child is made, so the stores (and
/// last states) of popped elements, removed rows and dismissed children do not pile up while the
/// parent lives.
///
/// The last few scopes written with `AllCasePaths` key paths are also kept in a short list,
/// found by the identity of their two key path objects (held, so no other key path can take
/// their address), and updated whenever a store is added or dropped.
@MainActor
struct ScopedStores {
  struct Key: Hashable {
    let state: AnyKeyPath
    let action: AnyKeyPath
    /// Whether the child is optional state scoped to its value.
    let isOptional: Bool
  }

  struct Child {
    let store: AnyObject
    let isGone: (@MainActor () -> Bool)?
  }

  struct Recent {
    /// The key the store is kept under; its state key path is the one the scope was written
    /// with.
    let key: Key
    /// The `AllCasePaths` key path the scope was written with (the key holds the case key path
    /// made from it).
    let action: AnyKeyPath
    /// The store scoped with `key`: `nil` while there is none (optional state that is absent).
    var store: AnyObject?
  }

  private var children: [Key: Child] = [:]
  /// For a store of an identified collection: its elements' stores by id (see
  /// `Store.elementStore(id:among:)`), made when first asked for.
  private var elements: AnyObject?
  private var recents: [Recent] = []
  /// Where the next recent scope goes once the list is full.
  private var nextRecent = 0
  private static let recentCapacity = 8

  subscript(key: Key) -> Child? {
    children[key]
  }

  mutating func insert(_ store: AnyObject, isGone: (@MainActor () -> Bool)?, for key: Key) {
    children[key] = Child(store: store, isGone: isGone)
    for index in recents.indices where recents[index].key == key {
      recents[index].store = store
    }
  }

  mutating func remove(_ key: Key) {
    guard children.removeValue(forKey: key) != nil else { return }
    for index in recents.indices where recents[index].key == key {
      recents[index].store = nil
    }
  }

  /// The stores of the elements of an identified collection with ids of type `ID`, the only
  /// type of id a store of one collection has.
  mutating func elementStores<ID: Hashable>(_: ID.Type) -> ElementStores<ID> {
    if let elements {
      return unsafeDowncast(elements, to: ElementStores<ID>.self)
    }
    let elements = ElementStores<ID>()
    self.elements = elements
    return elements
  }

  /// Drops the children scoped to optional state that is gone (rare: only when a new optional
  /// child is made, so a read of a cached child costs nothing more).
  mutating func dropGone() {
    for (key, child) in children where child.isGone?() == true {
      remove(key)
    }
  }

  func recent(state: AnyKeyPath, action: AnyKeyPath, isOptional: Bool) -> Recent? {
    for recent in recents
    where recent.key.state === state && recent.action === action
      && recent.key.isOptional == isOptional
    {
      return recent
    }
    return nil
  }

  mutating func remember(action: AnyKeyPath, key: Key, store: AnyObject?) {
    let recent = Recent(key: key, action: action, store: store)
    if recents.count < Self.recentCapacity {
      recents.append(recent)
    } else {
      recents[nextRecent] = recent
      nextRecent = (nextRecent + 1) % Self.recentCapacity
    }
  }
}

/// The stores of the elements of an identified collection, by id.
@MainActor
final class ElementStores<ID: Hashable> {
  private var stores: [ID: AnyObject] = [:]

  subscript(id: ID) -> AnyObject? {
    stores[id]
  }

  /// Keeps the store of an element of a collection of `count` elements, first dropping those of
  /// the ids `isKept` says are gone when there may be some (as many stores as elements already).
  func insert(_ store: AnyObject, for id: ID, count: Int, isKept: (ID) -> Bool) {
    if stores.count >= count {
      stores = stores.filter { isKept($0.key) }
    }
    stores[id] = store
  }
}
