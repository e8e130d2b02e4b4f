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
    modal("sheet", minimumWidth: Self.sheetWidth) {
      guard let value = item.wrappedValue else { return nil }
      let sheet = content(value)
      let sheetTitle = title ?? TerminalUICore.navigationTitle(of: sheet)
      return ModalPresentation(Box(title: sheetTitle, role: .title) { sheet }) {
        item.wrappedValue = nil
      }
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

  /// Presents what `presentation` returns, modal, centred over this view, while it returns
  /// something: the primitive sheets, alerts and dialogs are made of, for overlays of one's
  /// own. The view under it is drawn dimmed and takes no key; focus, Tab and the help stay
  /// inside the presentation; Esc runs its `dismiss`. `kind` names the overlay (`"sheet"`):
  /// what the presented views remember is their own, apart from the view's under it.
  ///
  /// For example, a toast of one's own that Esc closes:
  ///
  /// <!-- context: tui-items-model, tui-items-screen -->
  /// ```swift
  /// ItemsView(model: model)
  ///   .modal("toast") {
  ///     guard let item = model.editing else { return nil }
  ///     return ModalPresentation(Box(title: "Saved") { Text(item.name) }) {
  ///       model.editing = nil
  ///     }
  ///   }
  /// ```
  ///
  /// Attach it to a whole screen: the modifier fills the room it is offered, and the
  /// presentation is at least `minimumWidth` wide (less on a narrower screen).
  public func modal(
    _ kind: String, minimumWidth: Int = 0,
    presentation: @escaping @MainActor () -> ModalPresentation?
  ) -> some View {
    Overlay(base: self, id: kind, minimumWidth: minimumWidth, overlay: presentation)
  }
}

/// The scope of an overlay's box (`sheet`, `alert`): what its views keep is not what the
/// screen under it keeps.
private struct OverlayScope: Hashable, CustomStringConvertible {
  let id: String
  var description: String { id }
}

extension Binding where Value == Bool {
  /// The flag as an optional: something while true, nil while false; setting nil sets false.
  var presence: Binding<Void?> {
    Binding<Void?>(
      get: { self.wrappedValue ? () : nil },
      set: { if $0 == nil { self.wrappedValue = false } })
  }
}

/// What ``View/modal(_:minimumWidth:presentation:)`` presents: a view, what Esc does, and which
/// presentation it is.
///
/// For example, `ModalPresentation(Text("Saved"), identity: item.id) { model.saved = nil }`.
public struct ModalPresentation {
  /// What is presented.
  public var content: any View
  /// Tells one presentation from another of the same overlay: when another identity takes its
  /// place (another item's question), focus starts afresh on its default focus, and what its
  /// views remember starts afresh too. Nil: the overlay's presentations are one.
  public var identity: AnyHashable?
  /// What Esc does: dismiss it, in the state that presents it.
  public var dismiss: @MainActor () -> Void

  /// Creates a presentation of `content` that Esc dismisses with `dismiss`.
  public init(
    _ content: any View, identity: AnyHashable? = nil,
    dismiss: @escaping @MainActor () -> Void
  ) {
    self.content = content
    self.identity = identity
    self.dismiss = dismiss
  }
}

/// A screen with a modal view over it while `overlay` returns one.
struct Overlay: ContainerWidget {
  /// The screen under the overlay, resolved once when the modifier is made.
  let base: any Widget
  let id: String
  /// The narrowest the modal box is drawn, so that a sheet's fields have room to edit.
  let minimumWidth: Int
  let overlay: @MainActor () -> ModalPresentation?
  /// Which overlay this is, for the content it builds in a frame.
  let token = BuildToken()

  init(
    base: any View, id: String, minimumWidth: Int = 0,
    overlay: @escaping @MainActor () -> ModalPresentation?
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
    guard let presented = context.build(token, in: rect, overlay) else {
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
    session?.setEscape(presented.dismiss)
    // What the overlay's views keep is not what the screen under it keeps.
    session?.enterScope(OverlayScope(id: id))
    if let identity = presented.identity {
      // A presentation is a screen of its own within the overlay: focus starts afresh on it
      // when another takes its place, and what its views keep is keyed under it too.
      session?.enterScreen(identity)
      context.scoped(identity) {
        drawCentred(
          presented.content, into: &buffer, in: rect, minimumWidth: minimumWidth,
          context: context)
      }
    } else {
      drawCentred(
        presented.content, into: &buffer, in: rect, minimumWidth: minimumWidth,
        context: context)
    }
    session?.leaveScope()
    session?.endModal()
  }
}
