extension View {
  /// How wide a sheet is at least (less on a narrower screen).
  static var sheetWidth: Int { 60 }

  /// Presents `content` in a centred, bordered box over this screen while `item` holds a
  /// value; Esc sets `item` to nil.
  ///
  /// For example, with `@Bindable var model` whose `editing` is an optional `Item`:
  ///
  /// <!-- context: tui-items-model, tui-items-screen -->
  /// ```swift
  /// ItemsView(model: model)
  ///   .sheet(item: $model.editing) { item in
  ///     ItemEditor(item: item)
  ///   }
  /// ```
  ///
  /// Attach it to a whole screen: the modifier fills the room it is offered. The sheet is
  /// modal: the screen under it is dimmed, its controls and shortcuts are inactive,
  /// Tab cycles the sheet's controls only. A sheet can present another overlay over itself.
  /// The box's title is `title`, or else the ``navigationTitle(_:)`` of the content.
  public func sheet<Item>(
    item: Binding<Item?>, title: String? = nil,
    @ViewBuilder content: @escaping @MainActor (Item) -> Group
  ) -> some View {
    Overlay(base: self, id: "sheet", minimumWidth: Self.sheetWidth) {
      guard let value = item.wrappedValue else { return nil }
      let sheet = content(value)
      let sheetTitle = title ?? TerminalUICore.navigationTitle(of: sheet)
      return (
        Box(title: sheetTitle, role: .title) { sheet },
        { item.wrappedValue = nil }
      )
    }
  }

  /// Presents `content` in a sheet while `isPresented` is true; Esc sets it to false.
  ///
  /// For example, `.sheet(isPresented: $model.showsHelp, title: "Help") { Text(helpText) }`.
  public func sheet(
    isPresented: Binding<Bool>, title: String? = nil,
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) -> some View {
    sheet(item: isPresented.presence, title: title) { _ in content() }
  }

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
    Overlay(base: self, id: "alert") {
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
    alert(
      item: isPresented.presence, title: { _ in title }, message: { _ in message },
      buttons: { _ in buttons })
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
    Overlay(base: self, id: "dialog") {
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
) -> (view: any View, dismiss: @MainActor () -> Void)? {
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
  return (
    ScreenScope(key: presentation) {
      Box(title: boxTitle, role: .title) {
        if let message = message(value) {
          Text(message)
        }
        if inARow {
          HStack { rows }
        } else {
          rows
        }
      }
    },
    { item.wrappedValue = nil }
  )
}

/// The identity of an identifiable value.
private func identity<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}

/// Content that is a screen of its own within the active one, known by `key`: focus starts
/// afresh on it (on its default focus, if it has one) when another key takes its place.
private struct ScreenScope: ContainerWidget {
  let key: AnyHashable
  let content: any Widget

  init(key: AnyHashable, @ViewBuilder content: () -> Group) {
    self.key = key
    self.content = primitive(content())
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }
  // What its views keep is keyed under it too: another item presented starts afresh.
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    context.scoped(key) { content.measure(proposal, context: context) }
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    context.session?.enterScreen(key)
    context.scoped(key) { content.render(in: rect, into: &buffer, context: context) }
  }
}

/// The scope of an overlay's box (`sheet`, `alert`): what its views keep is not what the
/// screen under it keeps.
private struct OverlayScope: Hashable, CustomStringConvertible {
  let id: String
  var description: String { id }
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

extension Binding where Value == Bool {
  /// The flag as an optional: something while true, nil while false; setting nil sets false.
  var presence: Binding<Void?> {
    Binding<Void?>(
      get: { self.wrappedValue ? () : nil },
      set: { if $0 == nil { self.wrappedValue = false } })
  }
}

/// A screen with a modal view over it while `overlay` returns one.
struct Overlay: ContainerWidget {
  /// The screen under the overlay, resolved once when the modifier is made.
  let base: any Widget
  let id: String
  /// The narrowest the modal box is drawn, so that a sheet's fields have room to edit.
  let minimumWidth: Int
  let overlay: @MainActor () -> (view: any View, dismiss: @MainActor () -> Void)?
  /// Which overlay this is, for the content it builds in a frame.
  let token = BuildToken()

  init(
    base: any View, id: String, minimumWidth: Int = 0,
    overlay: @escaping @MainActor () -> (view: any View, dismiss: @MainActor () -> Void)?
  ) {
    self.base = primitive(base)
    self.id = id
    self.minimumWidth = minimumWidth
    self.overlay = overlay
  }

  var isFlexible: Bool { true }
  var modifiedContent: (any View)? { base }
  /// An overlay takes all the room it is offered, so that it can centre its box on the screen.
  func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard let (view, dismiss) = context.build(token, in: rect, overlay) else {
      TerminalUICore.render(base, in: rect, into: &buffer, context: context)
      return
    }
    // The screen under the overlay is drawn with a registry of its own that keeps only its
    // tasks, so its controls and keys go nowhere.
    let session = context.session
    let inert = session?.inert()
    TerminalUICore.render(base, in: rect, into: &buffer, context: context.replacingSession(inert))
    // The overlay's screen nests in the screens the base drew (a sheet under an alert), so that
    // closing it returns focus to where it was on them.
    session?.beginModal(id, nestedIn: inert?.screen ?? [])
    session?.setEscape(dismiss)
    // What the overlay's views keep is not what the screen under it keeps.
    session?.enterScope(OverlayScope(id: id))
    drawCentred(view, into: &buffer, in: rect, minimumWidth: minimumWidth, context: context)
    session?.leaveScope()
    session?.endModal()
  }
}
