/// What a frame hands down the view tree while it measures and draws it: the registry where
/// controls, shortcuts and help entries of the active screen are recorded, the memory widgets
/// keep between frames, and what the enclosing navigation stacks and overlays need their
/// contents to know. Each ``Widget`` gets it in ``Widget/measure(_:context:)`` and
/// ``Widget/render(in:into:context:)`` and passes it on to its children; stacks and overlays
/// pass their children a context of their own (a stack's screens find the stack there, a
/// screen drawn under an overlay gets a context whose registrations go nowhere).
///
/// For example, a widget that draws its content in a frame of `=` signs:
///
/// ```swift
/// struct Banner: Widget {
///   let content: any View
///
///   func measure(_ proposal: Size, context: RenderContext) -> Size {
///     let inner = context.measure(
///       content, proposal: Size(width: proposal.width, height: max(0, proposal.height - 2)))
///     return Size(width: proposal.width, height: min(proposal.height, inner.height + 2))
///   }
///
///   func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
///     let line = String(repeating: "=", count: rect.width)
///     buffer.write(line, at: Position(x: rect.x, y: rect.y), clip: rect)
///     buffer.write(line, at: Position(x: rect.x, y: rect.maxY - 1), clip: rect)
///     context.render(content, in: rect.inset(top: 1, bottom: 1), into: &buffer)
///   }
/// }
/// ```
///
/// Outside an application (``render(_:size:)``, screen snapshots of a lone view), the context
/// registers nothing: no control is focused and no key is bound. A context serves one frame:
/// use it while measuring and drawing, and do not keep it in a key handler or a shortcut.
@MainActor
public struct RenderContext {
  /// The frame's registry of controls, keys and tasks; nil outside an application.
  let session: FocusSession?
  /// The titles of the stacks being drawn, shared by every stack under the outermost one, which
  /// draws them as its title bar.
  let trail: NavigationTrail?
  /// The stacks being drawn, outermost first, so that a link finds the one that takes its
  /// value.
  let stacks: [StackLinkTarget]
  /// The screens the view is drawn in, outermost first (a stack's element, say): a `.task`
  /// written at one place belongs to the screen it is drawn in, so a screen popped and another
  /// pushed in its place between two frames do not share it.
  let screens: [AnyHashable]
  /// The named styles widgets draw with: the application's theme, or the one a `.theme(_:)`
  /// modifier set for part of the screen.
  ///
  /// For example, a widget draws its focused state as
  /// `context.theme[control.isFocused ? .focus : .accent]`.
  public let theme: Theme

  /// A context that registers nothing, for drawing a view outside an application, in `theme`
  /// (``Theme/dark`` by default).
  ///
  /// For example, `RenderContext().measure(Text("Hi"), proposal: Size(width: 10, height: 1))`
  /// is 2×1.
  public init(theme: Theme = .dark) {
    self.init(session: nil, theme: theme)
  }

  init(
    session: FocusSession?, trail: NavigationTrail? = nil, stacks: [StackLinkTarget] = [],
    screens: [AnyHashable] = [], theme: Theme
  ) {
    self.session = session
    self.trail = trail
    self.stacks = stacks
    self.screens = screens
    self.theme = theme
  }

  /// The same context with another registry: an inert one for a screen under an overlay.
  func replacingSession(_ session: FocusSession?) -> RenderContext {
    RenderContext(session: session, trail: trail, stacks: stacks, screens: screens, theme: theme)
  }

  /// The same context inside a stack, drawing its screen `screen`: the screen adds its title to
  /// `trail` and finds the stack for links.
  func inStack(
    _ target: StackLinkTarget, trail: NavigationTrail, screen: AnyHashable
  ) -> RenderContext {
    RenderContext(
      session: session, trail: trail, stacks: stacks + [target], screens: screens + [screen],
      theme: theme)
  }

  /// The same context drawing in another theme.
  func replacingTheme(_ theme: Theme) -> RenderContext {
    RenderContext(session: session, trail: trail, stacks: stacks, screens: screens, theme: theme)
  }
}

extension RenderContext {
  /// Runs `body` (measuring or drawing a child) under `id` in the frame's path, so what the
  /// child's views remember is their own; outside an application, just runs it. A container
  /// that shows one of several pages draws each under its own `id`, and keeps the others'
  /// with ``keepRemembered(under:)``.
  ///
  /// For example, `context.scoped(page) { context.render(pages[page], in: rect, into: &buffer) }`.
  @discardableResult
  public func scoped<Result>(_ id: some Hashable, _ body: () -> Result) -> Result {
    guard let session else { return body() }
    return session.scoped(id, body)
  }

  /// The size `view` wants within `proposal`, for a widget laying out its children.
  ///
  /// For example, `context.measure(Text("Hello"), proposal: Size(width: 3, height: 2))` is
  /// 3×2: the text wraps.
  public func measure(_ view: any View, proposal: Size) -> Size {
    resolving(view).measure(proposal, context: self)
  }

  /// Draws `view` into `rect` (clipped to the buffer) with this context, for a widget drawing
  /// its children: their controls and keys register with the frame.
  ///
  /// For example, `context.render(Text("Hi").bold(), in: rect, into: &buffer)`.
  ///
  /// What a view keeps between frames (a field's cursor, a scroll offset) is keyed by its place
  /// in the tree, and a widget's children drawn this way share the widget's place: give each
  /// child an identity of its own with `.id(_:)` (`context.render(pane.id(index), …)`), as
  /// stacks give theirs a place each.
  public func render(_ view: any View, in rect: Rect, into buffer: inout Buffer) {
    TerminalUICore.render(view, in: rect, into: &buffer, context: self)
  }

  /// Whether `view` grows to fill the free height of a vertical stack.
  ///
  /// For example, `context.isFlexible(Spacer())` is true and `context.isFlexible(Text("a"))`
  /// false.
  public func isFlexible(_ view: any View) -> Bool {
    resolving(view).isFlexible
  }

  /// The widget `view`'s body ends in, found in the frame's view graph under the path of the
  /// widget laying it out.
  func resolving(_ view: any View) -> any Widget {
    // Set only when it changed: most views are laid out in the session of the one before.
    if let session, let graph = ViewGraph.current, graph.session !== session {
      graph.session = session
    }
    return primitive(view)
  }

  /// Registers a focusable control of the active screen, in Tab order; `handleKey` gets the
  /// keys typed while it has focus and returns whether it used each one (the others go on to
  /// the screen's shortcuts, Esc and the application). Call it while drawing, once per frame
  /// per control.
  ///
  /// For example, a control that counts Enter presses:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// let control = context.addControl { key in
  ///   guard key == .enter else { return false }
  ///   presses.wrappedValue += 1
  ///   return true
  /// }
  /// let style = control.isFocused ? context.theme.focus : .plain
  /// ```
  ///
  /// - Parameters:
  ///   - id: Who the control is among the screen's controls (a label, say): focus and text
  ///     cursors follow it when controls before it come and go, and come back to it when the
  ///     screen does. Controls with the same `id` are told apart by their order.
  ///   - takesText: Whether the control takes printable keys as text, as a field does: while
  ///     it has focus, one-character shortcuts type into it and leave the help bar.
  ///   - isSecure: Whether what is typed into it is a secret that a key recorder must not
  ///     keep.
  ///   - consumes: The keys the control uses while it has focus: the help bar and `?` do not
  ///     list a screen key it would swallow.
  ///   - rect: Where the control is drawn, for the mouse: a click there focuses the control and
  ///     hands `handleKey` a `.mouse` key with the click (and a wheel turn over it, the turn);
  ///     nil for a control the mouse does not reach.
  ///   - handleKey: Gets each key typed while the control has focus, and returns whether it
  ///     used it (a key it did not use goes on to the screen's shortcuts).
  /// - Returns: The control's place in Tab order and whether it has focus. Under a modal
  ///   overlay, or outside an application, nothing registers: the index is nil and the control
  ///   is not focused.
  @discardableResult
  public func addControl(
    id: String? = nil, takesText: Bool = false, isSecure: Bool = false,
    consumes: @escaping @MainActor (KeyEvent) -> Bool = { _ in false }, rect: Rect? = nil,
    handleKey: @escaping @MainActor (KeyEvent) -> Bool
  ) -> ControlRegistration {
    addControl(
      id: id, takesText: takesText, isSecure: isSecure, consumes: consumes, help: [],
      rect: rect, handleKey: handleKey)
  }

  /// Registers a focusable control, as
  /// ``addControl(id:takesText:isSecure:consumes:rect:handleKey:)`` does, with what its keys do
  /// while it has focus: the help bar lists `help` first while the control has focus (a
  /// check box's `space toggle`), and the `?` overlay and the command palette list it too.
  ///
  /// For example, a control that takes Space:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// let space = KeyCommand("toggle", keys: [.character(" ")], shownAs: "space")
  /// context.addControl(consumes: { $0 == .character(" ") }, help: [space]) { key in
  ///   guard key == .character(" ") else { return false }
  ///   presses.wrappedValue += 1
  ///   return true
  /// }
  /// ```
  @discardableResult
  public func addControl(
    id: String? = nil, takesText: Bool = false, isSecure: Bool = false,
    consumes: @escaping @MainActor (KeyEvent) -> Bool = { _ in false }, help: [KeyCommand],
    rect: Rect? = nil, handleKey: @escaping @MainActor (KeyEvent) -> Bool
  ) -> ControlRegistration {
    guard let session else { return ControlRegistration(index: nil, isFocused: false) }
    let registration = session.register(
      identity: id ?? "", takesText: takesText, isSecure: isSecure, consumes: consumes,
      help: help.filter(\.isListed).map(FocusSession.HelpEntry.init),
      rect: rect, handleKey)
    return ControlRegistration(
      index: registration.index < 0 ? nil : registration.index,
      isFocused: registration.isFocused)
  }

  /// Makes `key` run `action` from anywhere on the active screen, and lists it in the help bar
  /// and the `?` overlay as `help` when given. A later registration of the same key wins.
  ///
  /// For example, `context.addShortcut(.character("+"), help: "increment") { count += 1 }`.
  public func addShortcut(
    _ key: KeyEvent, help: String? = nil, action: @escaping @MainActor () -> Void
  ) {
    addCommand(KeyCommand(help ?? "", keys: [key], isListed: help != nil)) { _ in action() }
  }

  /// Makes each key of `command` run `action` from anywhere on the active screen (`action` gets
  /// the key pressed), and lists the command in the help bar, the `?` overlay and the command
  /// palette when it is listed. A later registration of the same key wins.
  ///
  /// For example, two keys behind one entry of the help bar:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// context.addCommand(KeyCommand("page", keys: [.left, .right], shownAs: "←/→")) { key in
  ///   selection.wrappedValue = key == .left ? 1 : 2
  /// }
  /// ```
  public func addCommand(
    _ command: KeyCommand, action: @escaping @MainActor (KeyEvent) -> Void
  ) {
    session?.addCommand(command, action)
  }

  /// Makes `rect` take clicks and wheel turns that no control there uses (a tab's title, say):
  /// `handle` gets them and returns whether it used them.
  ///
  /// For example, a title that selects its page when clicked:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// context.addMouseRegion(titleRect) { event in
  ///   guard event.isClick else { return false }
  ///   selection.wrappedValue = 2
  ///   return true
  /// }
  /// ```
  public func addMouseRegion(
    _ rect: Rect, handle: @escaping @MainActor (MouseEvent) -> Bool
  ) {
    session?.addMouseRegion(rect, handle)
  }

  /// Lists a key in the active screen's help without binding it: for keys a control handles
  /// itself while it has focus. `keys` are the keys behind the name: a focused control that
  /// consumes them all hides the entry (without them, a one-character name is hidden while a
  /// field has focus).
  ///
  /// For example, `context.addHelp(key: "←/→", label: "adjust", keys: [.left, .right])`.
  public func addHelp(key: String, label: String, keys: [KeyEvent] = []) {
    session?.addHelp(FocusSession.HelpEntry(key: key, label: label, keys: keys))
  }
}

/// A control registered with
/// ``RenderContext/addControl(id:takesText:isSecure:consumes:rect:handleKey:)``: its place in
/// Tab order and whether it has focus in this frame.
///
/// For example, `registration.isFocused ? context.theme.focus : .plain` highlights a focused
/// control.
public struct ControlRegistration: Hashable, Sendable {
  /// The control's place among the active screen's controls, or nil when nothing registers
  /// (under a modal overlay, or outside an application).
  public let index: Int?
  /// Whether the control has focus.
  public let isFocused: Bool
}
