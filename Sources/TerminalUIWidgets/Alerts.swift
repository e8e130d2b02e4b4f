import TerminalUICore

extension View {
  /// Shows an alert while `item` holds a value: a title, a message and a row of buttons. A
  /// button dismisses the alert (sets `item` to nil) unless it says otherwise, then runs its
  /// action; Esc dismisses it too.
  ///
  /// For example, with `@Bindable var model` whose `pendingDeletion` is an optional `Item`:
  ///
  /// <!-- context: tui-items-model, tui-items-screen -->
  /// ```swift
  /// ItemsView(model: model)
  ///   .alert(item: $model.pendingDeletion) { item in
  ///     "Delete \(item.name)?"
  ///   } message: { _ in
  ///     "This cannot be undone."
  ///   } buttons: { item in
  ///     [
  ///       AlertButton("Delete", role: .destructive) { model.delete(item) },
  ///       AlertButton("Keep", role: .cancel),
  ///     ]
  ///   }
  /// ```
  ///
  /// With no buttons, the alert shows an OK button.
  public func alert<Item>(
    item: Binding<Item?>,
    title: @escaping @MainActor (Item) -> String,
    message: @escaping @MainActor (Item) -> String? = { _ in nil },
    buttons: @escaping @MainActor (Item) -> [AlertButton] = { _ in [] }
  ) -> some View {
    modal("alert") {
      buttonBox(item: item, title: title, message: message, buttons: buttons, inARow: true)
    }
  }

  /// Shows an alert while `isPresented` is true; a button sets it to false (unless it says
  /// otherwise), then runs its action.
  ///
  /// For example:
  ///
  /// <!-- context: tui-settings-model, tui-settings-screen -->
  /// ```swift
  /// SettingsView(model: model)
  ///   .alert("Reset everything?", isPresented: $model.confirmsReset, buttons: [
  ///     AlertButton("Reset", role: .destructive) { model.reset() },
  ///     AlertButton("Cancel", role: .cancel),
  ///   ])
  /// ```
  public func alert(
    _ title: String, isPresented: Binding<Bool>, message: String? = nil,
    buttons: [AlertButton] = []
  ) -> some View {
    // Something while presented, nil while not; dismissing sets the flag to false.
    let presence = Binding<Void?>(
      get: { isPresented.wrappedValue ? () : nil },
      set: { if $0 == nil { isPresented.wrappedValue = false } })
    return alert(
      item: presence, title: { _ in title }, message: { _ in message }, buttons: { _ in buttons })
  }

  /// Shows a confirmation dialog while `item` holds a value: a title (unless nil), a message
  /// and its choices one per row. A choice dismisses the dialog (sets `item` to nil) unless it
  /// says otherwise, then runs its action; Esc dismisses it too.
  ///
  /// For example:
  ///
  /// <!-- context: tui-photos-model -->
  /// ```swift
  /// PhotoView(model: model)
  ///   .confirmationDialog(item: $model.sharing) { photo in
  ///     "Share \(photo.name)"
  ///   } buttons: { photo in
  ///     [
  ///       AlertButton("Copy link") { model.copyLink(to: photo) },
  ///       AlertButton("Cancel", role: .cancel),
  ///     ]
  ///   }
  /// ```
  public func confirmationDialog<Item>(
    item: Binding<Item?>,
    title: @escaping @MainActor (Item) -> String?,
    message: @escaping @MainActor (Item) -> String? = { _ in nil },
    buttons: @escaping @MainActor (Item) -> [AlertButton]
  ) -> some View {
    modal("dialog") {
      buttonBox(item: item, title: title, message: message, buttons: buttons, inARow: false)
    }
  }
}

/// The box of an alert (buttons in a row) or a confirmation dialog (a button per row) while
/// `item` holds a value, and what Esc does (clear it); `nil` while it holds none. With no
/// buttons, the box shows an OK button.
@MainActor
private func buttonBox<Item>(
  item: Binding<Item?>, title: @MainActor (Item) -> String?,
  message: @MainActor (Item) -> String?, buttons: @MainActor (Item) -> [AlertButton],
  inARow: Bool
) -> ModalPresentation? {
  guard let value = item.wrappedValue else { return nil }
  var shown = buttons(value)
  if shown.isEmpty {
    shown = [AlertButton("OK", role: .cancel)]
  } else if shown.allSatisfy({ $0.role == .destructive }) {
    // Enter on an open box never destroys: there is always a safe button to focus.
    shown.append(AlertButton("Cancel", role: .cancel))
  }
  // With a destructive button, focus starts on the safe choice: the cancel button, or the
  // first that does not destroy. Otherwise on the first button.
  let safe =
    shown.contains { $0.role == .destructive }
    ? shown.firstIndex { $0.role == .cancel } ?? shown.firstIndex { $0.role == nil } : nil
  let rows = ForEach(shown.indices) { index in
    let button = shown[index]
    if index == safe {
      Button(button.label) { button.press(dismissing: item) }.defaultFocus()
    } else {
      Button(button.label) { button.press(dismissing: item) }
    }
  }
  let boxTitle = title(value)
  // Each presentation is a screen of its own, so that a box opened by another's button (the
  // same box, another question) starts on its safe choice too.
  var presentation = AnyHashable([boxTitle ?? ""] + shown.map(\.label))
  if let identifiable = value as? any Identifiable { presentation = identity(of: identifiable) }
  let box = Box(title: boxTitle, role: .title) {
    if let message = message(value) {
      Text(message)
    }
    if inARow {
      HStack { rows }
    } else {
      rows
    }
  }
  return ModalPresentation(box, identity: presentation) { item.wrappedValue = nil }
}

/// The identity of an identifiable value.
private func identity<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}

/// A button of an alert or a confirmation dialog: a label, a role, and what pressing it does.
///
/// For example:
///
/// <!-- context: tui-library-model -->
/// ```swift
/// AlertButton("Delete", role: .destructive) { model.deleteAll() }
/// AlertButton("Cancel", role: .cancel)
/// ```
///
/// Pressing a button first dismisses the alert (sets its binding to nil), then runs the action,
/// which may present another alert. A button made with `dismisses: false` only runs its
/// action, for a model that dismisses the alert itself (a store's reducer, for example); a
/// cancel button, or a button without an action, always dismisses.
public struct AlertButton {
  /// What a button is for.
  ///
  /// For example, `AlertButton("Cancel", role: .cancel)`.
  public enum Role: Hashable, Sendable {
    /// Backs out: pressing it dismisses the alert and runs no action.
    case cancel
    /// Destroys something the user may not get back.
    case destructive
  }

  /// The button's text.
  public let label: String
  /// What the button is for, if it plays a special part.
  public let role: Role?
  /// Whether pressing the button dismisses the alert before running its action.
  public let dismisses: Bool
  /// What pressing the button does (besides dismissing).
  public let action: (@MainActor () -> Void)?

  /// Creates a button.
  ///
  /// For example, `AlertButton("Retry") { model.retry() }`.
  ///
  /// - Parameters:
  ///   - label: The button's text.
  ///   - role: What the button is for; a cancel button runs no action.
  ///   - dismisses: Whether pressing the button dismisses the alert before its action runs.
  ///   - action: What pressing the button does.
  public init(
    _ label: String, role: Role? = nil, dismisses: Bool = true,
    action: (@MainActor () -> Void)? = nil
  ) {
    self.label = label
    self.role = role
    self.dismisses = dismisses
    self.action = action
  }

  /// Presses the button of an alert presented while `item` holds a value.
  @MainActor
  func press<Item>(dismissing item: Binding<Item?>) {
    guard role != .cancel, let action else {
      item.wrappedValue = nil
      return
    }
    if dismisses { item.wrappedValue = nil }
    action()
  }
}
