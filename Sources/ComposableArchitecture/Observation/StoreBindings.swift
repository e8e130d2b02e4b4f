extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// A field of the state, read and written directly: writing sends the binding action.
  ///
  /// <!-- context: arch-form -->
  /// ```swift
  /// store.text = "Hello"  // sends .binding(.set(\.text, "Hello"))
  /// ```
  ///
  /// Assigning the value a field already has sends nothing. A write that no reducer applies
  /// (the feature's `body` has no `BindingReducer`) is reported as an issue.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      guard state[keyPath: keyPath] != newValue else { return }
      send(.binding(fieldWrite(keyPath, newValue, bindableActionType: Action.self)))
    }
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// A field of the state of a feature whose binding actions are view actions (`case
  /// view(View)`, with `View: BindableAction`): writing sends `.view(.binding(…))`.
  ///
  /// Assigning the value a field already has sends nothing. A write that no reducer applies
  /// (the feature's `body` has no `BindingReducer(action: \.view)`) is reported as an issue.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { state[keyPath: keyPath] }
    set {
      guard state[keyPath: keyPath] != newValue else { return }
      send(
        .view(
          .binding(
            fieldWrite(keyPath, newValue, bindableActionType: Action.ViewAction.self))))
    }
  }
}

extension Store {
  /// The binding action a field write sends, watched by an ``UnhandledBindingCheck``.
  fileprivate func fieldWrite<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ newValue: Value,
    bindableActionType: Any.Type
  ) -> BindingAction<State> {
    let type = UncheckedSendable(bindableActionType)
    let check = UnhandledBindingCheck(
      value: newValue, actionName: { typeName(type.value) },
      isGone: { [weak self] in self?.core.isGone ?? true })
    let field = UncheckedSendable(keyPath)
    return BindingAction(keyPath: keyPath, value: newValue) {
      check.handled()
      $0[keyPath: field.value] = newValue
    }
  }
}

extension BindableAction {
  /// The binding action that sets a field of the state: `.set(\.isOn, true)` is
  /// `.binding(.set(\.isOn, true))`.
  ///
  /// <!-- context: arch-form-case -->
  /// ```swift
  /// case .onAppear:
  ///   return .send(.set(\.isOn, true))
  /// ```
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
