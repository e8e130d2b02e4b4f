import ComposableArchitecture

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// A binding to a field of the state that sends `.binding(.set(keyPath, value))` on writes.
  ///
  /// For example, `store.binding(\.email)` gives a `Binding<String>` for a `TextField`. Reads
  /// go through the store, so a view that reads the binding redraws when the field changes. A
  /// member of it is a store binding of the longer key path: `store.binding(\.signUpData).email`
  /// sends `.binding(.set(\.signUpData.email, value))`.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>
  ) -> Binding<Value> {
    let path = UncheckedSendable(keyPath)
    return Binding(
      get: { self.state[keyPath: path.value] },
      set: { self.send(.binding(.set(path.value, $0))) },
      parent: StoreBindingParent(store: self, keyPath: keyPath)
    )
  }
}

/// Members of a store binding are store bindings of the longer key path.
struct StoreBindingParent<State: ObservableState, Action: BindableAction, Value>: BindingParent
where Action.State == State {
  let store: Store<State, Action>
  let keyPath: WritableKeyPath<State, Value>

  func binding<Member: Equatable & Sendable>(to member: WritableKeyPath<Value, Member>)
    -> Binding<Member>
  {
    store.binding(keyPath.appending(path: member))
  }
}
