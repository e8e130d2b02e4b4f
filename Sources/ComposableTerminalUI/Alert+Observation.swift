import ComposableArchitecture

extension View {
  /// Shows an alert while `item` holds a store of `AlertState`: the title, the message and a
  /// button per `ButtonState`; a button sends its action (the presenting reducer dismisses the
  /// alert), a cancel-role button, a button without an action, or Esc sends `.dismiss`.
  ///
  /// For example:
  ///
  /// <!-- context: tui-profile-alert -->
  /// ```swift
  /// ProfileView(store: store)
  ///   .alert($store.scope(state: \.alert, action: \.alert))
  /// ```
  public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>) -> some View {
    alert(
      item: item,
      title: { store in String(describing: store.state.title) },
      message: { store in store.state.message.map { String(describing: $0) } },
      buttons: { store in store.state.buttons.map { $0.alertButton(sendingTo: store) } })
  }

  /// Shows a confirmation dialog while `item` holds a store of `ConfirmationDialogState`: the
  /// title (unless hidden), the message and a row per `ButtonState`; a button sends its action
  /// (the presenting reducer dismisses the dialog), a cancel-role button, a button without an
  /// action, or Esc sends `.dismiss`.
  ///
  /// For example:
  ///
  /// <!-- context: tui-photo-dialog -->
  /// ```swift
  /// PhotoView(store: store)
  ///   .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
  /// ```
  public func confirmationDialog<Action>(
    _ item: Binding<Store<ConfirmationDialogState<Action>, Action>?>
  ) -> some View {
    confirmationDialog(
      item: item,
      title: { store in
        store.state.titleVisibility == .hidden ? nil : String(describing: store.state.title)
      },
      message: { store in store.state.message.map { String(describing: $0) } },
      buttons: { store in store.state.buttons.map { $0.alertButton(sendingTo: store) } })
  }
}

extension ButtonState {
  /// The button as an alert button: it sends its action to `store` and leaves the dismissal to
  /// the reducer; a cancel button, or one without an action, dismisses.
  @MainActor
  fileprivate func alertButton<State>(sendingTo store: Store<State, Action>) -> AlertButton {
    let label = String(describing: label)
    let role: AlertButton.Role? =
      switch role {
      case .cancel: .cancel
      case .destructive: .destructive
      case nil: nil
      }
    guard role != .cancel, let action = action.action else {
      return AlertButton(label, role: role)
    }
    let sent = UncheckedSendable(action)
    return AlertButton(label, role: role, dismisses: false) { store.send(sent.value) }
  }
}
