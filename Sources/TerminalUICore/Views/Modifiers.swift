extension View {
  /// Makes a screen's key table its shortcuts and its help: each enabled binding sends its
  /// action while this screen is the active one, and is listed in the help bar and the `?`
  /// overlay.
  ///
  /// For example:
  ///
  /// <!-- context: tui-counter-model -->
  /// ```swift
  /// CounterView(model: model)
  ///   .keys(CounterView.keys) { action in model.apply(action) }
  /// ```
  public func keys<Action>(
    _ table: KeyTable<Action>, send: @escaping @MainActor (Action) -> Void
  ) -> some View {
    KeyTableModifier(content: self) { session in
      for binding in table.bindings where binding.isEnabled {
        let action = binding.action
        session.addCommand(
          KeyCommand(binding.label, keys: [binding.key], isListed: binding.isListed)
        ) { _ in send(action) }
      }
    }
  }

  /// Binds the focus of the control inside this view to state, like SwiftUI's `@FocusState`:
  /// when `binding` holds `value`, the control is focused; when the user moves focus onto it,
  /// `binding` is set to `value`, and when focus leaves for a control with no value, to `nil`.
  /// State set to `value` moves focus in the same frame (the keys after it in one burst go to
  /// the control); state set to `nil` while the control has focus leaves it (no control has
  /// focus).
  ///
  /// For example, `TextField("Email", text: $model.email).focused($model.focus, equals: .email)`.
  public func focused<Value: Hashable>(_ binding: Binding<Value?>, equals value: Value)
    -> some View
  {
    FocusedModifier(content: self) { session, index in
      // Read as the frame is laid out, so that the reducer moving focus draws a frame, and
      // the keys after it in the same burst go where focus now is.
      _ = binding.wrappedValue
      session.bindFocus(
        at: index,
        FocusSession.FocusBinding(
          focus: { if binding.wrappedValue != value { binding.wrappedValue = value } },
          isFocusedInState: { binding.wrappedValue == value },
          clear: { binding.wrappedValue = nil }
        ))
    }
  }
}

extension View {
  /// Gives the control inside this view the focus when its screen first shows (at launch, or
  /// when a pushed screen, a sheet or a dialog opens), instead of the screen's first control.
  /// Afterwards focus goes where the user takes it, and comes back to where they left it.
  ///
  /// Without it, a screen's first control takes the focus, except a text field on a screen
  /// with shortcuts on printable keys (`k`, `/`, `q`), which the field would take as text:
  /// the first control that is not a text field does, or none when every control is one, and
  /// the help bar lists the shortcuts. Esc leaves a focused text field on every screen (a
  /// second Esc goes back); Tab, a click or a focus binding focus a control again.
  ///
  /// For example, a form whose first field is read-only text:
  /// `TextField("Comment", text: $model.comment).defaultFocus()`. Alerts and confirmation
  /// dialogs give it to their safe button (the cancel button, or the first button that does
  /// not destroy).
  public func defaultFocus() -> some View {
    FocusedModifier(content: self) { session, index in
      session.setDefaultFocus(at: index)
    }
  }
}

extension View {
  /// Draws this view, and everything inside it, in another theme.
  ///
  /// For example, a preview of the light theme inside a dark application:
  /// `SettingsPreview().theme(.light)`.
  public func theme(_ theme: Theme) -> some View {
    AppearanceModifier(content: self, theme: theme)
  }

  /// Draws this view as a terminal of `depth` would: its colours degraded to the nearest ones
  /// such a terminal has (``Color/degraded(to:)``), its attributes kept. The application already
  /// draws every cell at its terminal's depth; this shows part of a screen at a lower one, as a
  /// preview.
  ///
  /// For example, `ThemeSamples().colorDepth(.ansi16)`.
  public func colorDepth(_ depth: ColorDepth) -> some View {
    AppearanceModifier(content: self, depth: depth)
  }
}

/// A theme for the content, or a colour depth its cells are degraded to once drawn.
struct AppearanceModifier: ContainerWidget {
  /// The content, resolved once when the modifier is made.
  let content: any Widget
  var theme: Theme?
  var depth: ColorDepth?

  init(content: any View, theme: Theme? = nil, depth: ColorDepth? = nil) {
    self.content = primitive(content)
    self.theme = theme
    self.depth = depth
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    content.measure(proposal, context: theme.map(context.replacingTheme) ?? context)
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    content.render(in: rect, into: &buffer, context: theme.map(context.replacingTheme) ?? context)
    if let depth { buffer.restyle(rect) { $0 = $0.degraded(to: depth) } }
  }
}

struct KeyTableModifier: ContainerWidget {
  /// The content, resolved once when the modifier is made.
  let content: any Widget
  let register: @MainActor (FocusSession) -> Void

  init(content: any View, register: @escaping @MainActor (FocusSession) -> Void) {
    self.content = primitive(content)
    self.register = register
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    content.measure(proposal, context: context)
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    if let session = context.session { register(session) }
    content.render(in: rect, into: &buffer, context: context)
  }
}

struct FocusedModifier: ContainerWidget {
  /// The content, resolved once when the modifier is made.
  let content: any Widget
  let register: @MainActor (FocusSession, Int) -> Void

  init(content: any View, register: @escaping @MainActor (FocusSession, Int) -> Void) {
    self.content = primitive(content)
    self.register = register
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    content.measure(proposal, context: context)
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    if let session = context.session, let index = session.nextControlIndex {
      register(session, index)
    }
    content.render(in: rect, into: &buffer, context: context)
  }
}

extension View {
  /// Runs `action` while this view is on screen: it starts after the first frame that draws
  /// the view and is cancelled after the first frame that no longer does (a screen pushed over
  /// it, the view removed) or when the application finishes. A screen under a sheet or alert
  /// is still on screen.
  ///
  /// For example, a screen that watches something for as long as it shows:
  ///
  /// <!-- context: tui-settings-model, tui-settings-screen -->
  /// ```swift
  /// SettingsPreview(model: model)
  ///   .task { await model.watchSettings() }
  /// ```
  ///
  /// (With a store, `.task { await store.send(.task).finish() }` ties the effect to the view.)
  ///
  /// Tasks are told apart by the view they are written on (its place in the tree: each element
  /// of a ``ForEach`` has its own, and a view written once and shown twice runs one in each
  /// place), by their order on it, by `id` and by the stack screen. A different `id` restarts
  /// the task, and so does a screen popped and another pushed in its place (even between two
  /// frames).
  public func task(
    id: some Hashable & Sendable = 0, _ action: @escaping @MainActor () async -> Void
  ) -> some View {
    TaskModifier(content: self, id: id, action: action)
  }

  /// Runs `action` while this view is on screen, once told apart by where it was written.
  @available(
    *, deprecated,
    message:
      "A task is identified by its view's place; drop the fileID:, line: and column: arguments."
  )
  public func task(
    id: some Hashable & Sendable = 0, fileID: StaticString, line: UInt, column: UInt,
    _ action: @escaping @MainActor () async -> Void
  ) -> some View {
    task(id: id, action)
  }
}

/// A task's key among the views drawn: its view's place and its order there (`task#1`), and its
/// `id`.
struct TaskKey: Hashable {
  let place: String
  let id: AnyHashable
}

/// A task's key in a frame: where it is written and the screens it is drawn in.
struct DrawnTaskKey: Hashable {
  /// The task's view and order there, and its `id`.
  let task: TaskKey
  let screens: [AnyHashable]
}

struct TaskModifier: ContainerWidget {
  /// The content, resolved once when the modifier is made.
  let content: any Widget
  let id: AnyHashable
  let action: @MainActor () async -> Void

  init(content: any View, id: some Hashable, action: @escaping @MainActor () async -> Void) {
    self.content = primitive(content)
    self.id = AnyHashable(id)
    self.action = action
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    content.measure(proposal, context: context)
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    if let session = context.session {
      // The tasks of one view are numbered in the order they are drawn, outermost first.
      let key = TaskKey(place: session.numbered("task"), id: id)
      session.tasks.bodies[DrawnTaskKey(task: key, screens: context.screens)] = action
    }
    content.render(in: rect, into: &buffer, context: context)
  }
}
