import ComposableArchitecture

extension Bindings {
  /// A binding to a field of a `@Bindable` store's state that sends a binding action when
  /// written.
  ///
  /// For example, with `@Bindable var store: StoreOf<SignIn>`, `$store.email` is a
  /// `Binding<String>`, and writing it sends `.binding(.set(\.email, value))`; its members are
  /// store bindings too (`$store.signUpData.email` sends `.set(\.signUpData.email, value)`).
  public subscript<State: ObservableState, Action: BindableAction, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Member>
  ) -> Binding<Member> where Root == Store<State, Action>, Action.State == State {
    root.binding(keyPath)
  }

  /// A child store of a stack, for `NavigationStack`: `$store.scope(state: \.path, action:
  /// \.path)`.
  ///
  /// For example:
  ///
  /// <!-- context: tui-detail-stack -->
  /// ```swift
  /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
  ///   RootView(store: store)
  /// } destination: { store in
  ///   DetailView(store: store)
  /// }
  /// ```
  public func scope<State, Action, ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
  where Root == Store<State, Action> {
    root.scope(state: state, action: action)
  }

  // The twin of the overload above for `\.path` resolved to the case's `AllCasePaths` property,
  // which the store finds by identity instead of hashing a new case key path every frame (see
  // `Store+Scope.swift` in ComposableArchitecture).
  @_documentation(visibility: internal)
  public func scope<State, Action: CasePathable, ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: _CasePropertyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
  where Root == Store<State, Action> {
    root.scope(state: state, action: action)
  }

  /// A binding to a presented child's store, for overlays: `nil` while nothing is presented,
  /// and setting it to `nil` sends `.dismiss`.
  ///
  /// For example, `.sheet(item: $store.scope(state: \.destination?.edit, action:
  /// \.destination.edit)) { EditView(store: $0) }`.
  public func scope<State, Action, ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Binding<Store<ChildState, ChildAction>?> where Root == Store<State, Action> {
    let store = root
    let statePath = UncheckedSendable(state)
    let actionPath = UncheckedSendable(action)
    return Binding(
      get: {
        store.scope(state: statePath.value, action: actionPath.value.appending(path: \.presented))
      },
      set: { newValue in
        if newValue == nil, store.withState({ $0[keyPath: statePath.value] }) != nil {
          store.send(actionPath.value(.dismiss))
        }
      }
    )
  }

  /// A member of the state as a source of bindings that send actions:
  /// `$store.tab.sending(\.tabSelected)`.
  ///
  /// For example, `TabView(selection: $store.tab.sending(\.tabSelected)) { … }`.
  public subscript<State, Action, Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> BindingSource<State, Action, Member> where Root == Store<State, Action> {
    BindingSource(store: root, keyPath: keyPath)
  }
}

/// A member of a store's state from which ``sending(_:)`` makes a binding.
///
/// For example, `$store.selection.sending(\.selectionChanged)`.
@MainActor
public struct BindingSource<State, Action, Member> {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, Member>

  /// A binding that reads the member and sends `action` with the new value when written.
  ///
  /// For example, `TabView(selection: $store.tab.sending(\.tabSelected)) { … }`.
  public func sending(_ action: CaseKeyPath<Action, Member>) -> Binding<Member> {
    let store = store
    let keyPath = UncheckedSendable(keyPath)
    let action = UncheckedSendable(action)
    return Binding(
      get: { store.withState { $0[keyPath: keyPath.value] } },
      set: { store.send(action.value($0)) }
    )
  }
}
