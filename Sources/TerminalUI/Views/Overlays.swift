import ComposableArchitecture

extension View {
  /// Presents a child feature in a centred, bordered box over this screen while `item` holds a
  /// store; Esc (or setting `item` to nil) sends `.dismiss`.
  ///
  /// For example:
  ///
  /// ```swift
  /// InventoryView(store: store)
  ///   .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
  ///     ItemFormView(store: $0)
  ///   }
  /// ```
  ///
  /// Attach it to a whole screen: the modifier fills the room it is offered. The sheet is
  /// modal: the screen under it is dimmed, its controls and shortcuts are inactive,
  /// Tab cycles the sheet's controls only. A sheet can present another overlay over itself.
  /// How wide a sheet is at least (less on a narrower screen).
  static var sheetWidth: Int { 60 }

  public func sheet<State, Action>(
    item: Binding<Store<State, Action>?>, title: String? = nil,
    @ViewBuilder content: @escaping @MainActor (Store<State, Action>) -> Group
  ) -> some View {
    Overlay(base: self, id: "sheet", minimumWidth: Self.sheetWidth) {
      guard let store = item.wrappedValue else { return nil }
      let sheetTitle = title ?? TerminalUI.navigationTitle(of: content(store))
      return (
        Box(title: sheetTitle, style: Style(bold: true)) { content(store) },
        { item.wrappedValue = nil }
      )
    }
  }

  /// Shows an alert while `item` holds a store of `AlertState`: the title, the message and a
  /// button per `ButtonState`; a button sends its action and dismisses the alert, a
  /// cancel-role button or Esc sends `.dismiss`.
  ///
  /// For example:
  ///
  /// ```swift
  /// ProfileView(store: store)
  ///   .alert($store.scope(state: \.alert, action: \.alert))
  /// ```
  public func alert<Action>(_ item: Binding<Store<AlertState<Action>, Action>?>) -> some View {
    Overlay(base: self, id: "alert") {
      guard let store = item.wrappedValue else { return nil }
      let alert = store.state
      let buttons =
        alert.buttons.isEmpty
        ? [ButtonState<Action>(role: .cancel) { TextState("OK") }] : alert.buttons
      return (
        Box(title: String(describing: alert.title), style: Style(bold: true)) {
          if let message = alert.message {
            Text(String(describing: message))
          }
          HStack {
            ForEach(buttons) { button in
              Button(String(describing: button.label)) {
                if button.role == .cancel || button.action.action == nil {
                  item.wrappedValue = nil
                } else {
                  button.withAction { action in
                    if let action { store.send(action) }
                  }
                }
              }
            }
          }
        },
        { item.wrappedValue = nil }
      )
    }
  }
}

/// A screen with a modal view over it while `overlay` returns one.
struct Overlay<Base: View>: View, PrimitiveView {
  let base: Base
  let id: String
  /// The narrowest the modal box is drawn, so that a sheet's fields have room to edit.
  var minimumWidth = 0
  let overlay: @MainActor () -> (view: any View, dismiss: @MainActor () -> Void)?

  var isFlexible: Bool { true }
  var modifiedContent: (any View)? { base }
  /// An overlay takes all the room it is offered, so that it can centre its box on the screen.
  func measure(_ proposal: Size) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer) {
    guard let (view, dismiss) = overlay() else {
      TerminalUI.render(base, in: rect, into: &buffer)
      return
    }
    let session = FocusSession.current
    FocusSession.current = session?.inert()
    TerminalUI.render(base, in: rect, into: &buffer)
    FocusSession.current = session
    session?.beginModal(id)
    session?.setEscape(dismiss)
    drawCentred(AnyViewBox(view: view), into: &buffer, in: rect, minimumWidth: minimumWidth)
    session?.endModal()
  }
}

/// Wraps an existential view so generic drawing functions take it.
struct AnyViewBox: View, PrimitiveView {
  let view: any View
  var modifiedContent: (any View)? { view }
  var isFlexible: Bool { primitive(view).isFlexible }
  func measure(_ proposal: Size) -> Size { primitive(view).measure(proposal) }
  func render(in rect: Rect, into buffer: inout Buffer) {
    primitive(view).render(in: rect, into: &buffer)
  }
}
