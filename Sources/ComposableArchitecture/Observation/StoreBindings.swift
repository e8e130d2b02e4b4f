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
      let check = UnhandledBindingCheck(
        value: newValue, actionName: { typeName(Action.self) },
        isGone: { [weak self] in self?.core.isGone ?? true })
      let field = UncheckedSendable(keyPath)
      send(
        .binding(
          BindingAction(
            keyPath: keyPath,
            set: {
              check.handled()
              $0[keyPath: field.value] = newValue
            },
            value: newValue,
            valueIsEqualTo: { $0 as? Value == newValue })))
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
