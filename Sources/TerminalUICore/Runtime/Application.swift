import Observation
import Synchronization

/// Runs a screen: routes keys to the focused control and the screen's shortcuts, and draws a
/// frame to the backend only when something the last frame read has changed.
///
/// For example:
///
/// <!-- context: tui-counter-model -->
/// ```swift
/// let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
///   CounterView(model: model)
/// }
/// app.renderIfNeeded()
/// app.handle([.tab, .enter])
/// ```
///
/// Ctrl-C finishes the application. Other keys go down layers, top first, until one takes
/// them: the ``keyInterceptors`` (the last added first); the `?` overlay and the command
/// palette, while they show, which take every key; then the screen: Tab and Shift-Tab move the
/// focus among the active screen's controls (an overlay's, when one shows); the focused
/// control; the active screen's shortcuts; Ctrl-P opens the palette; Esc pops the innermost
/// stack or dismisses the top overlay; `?` shows every key; then `onKey`.
/// Every read made while drawing is observed, so a state change the screen did not read draws
/// nothing, and any number of changes in one turn draw one frame.
///
/// It composes parts with one job each: `FramePacer` (when to draw), `FocusController`
/// (where focus is, per screen), `KeyHelp` (the help bar and `?`), `ViewTasks` (`.task`
/// lifecycles); the application itself lays out frames and routes keys.
@MainActor
public final class Application {
  /// Where frames are drawn.
  public let backend: any Backend
  /// How many frames were drawn.
  public private(set) var frameCount = 0
  /// How many times key routing laid the screen out without painting it: once before a key
  /// that follows, in the same batch, a key that changed what the screen shows.
  public private(set) var layoutPassCount = 0
  /// What the last frame drawn cost (see ``FrameStatistics``).
  public private(set) var lastFrame = FrameStatistics()
  /// Whether the application finished: Ctrl-C was pressed or ``finish()`` called. Finishing
  /// cancels the tasks of `.task` modifiers.
  public internal(set) var isFinished = false {
    didSet { if isFinished { reconcileTasks() } }
  }
  /// Whether Ctrl-C finished the application (rather than ``finish()``, a quit key say): a
  /// runner ends the process as an interrupted one, with status 130.
  public internal(set) var isInterrupted = false
  /// Asked every 10 ms while a batch of keys is routed: `true` finishes the application as
  /// Ctrl-C does, leaving the rest of the batch. A runner answers whether a Ctrl-C waits behind
  /// input not handled yet (`TerminalSession.isInterruptWaiting`), so that Ctrl-C quits within
  /// moments however much input came before it.
  public var interruptCheck: (@MainActor () -> Bool)?

  /// The index of the focused control, in screen order; -1 when no control has focus (Esc
  /// left a text field, or the focus state let go of it).
  public var focusedIndex: Int { focus.index }
  /// How many controls the last frame's active screen (or overlay) can focus.
  public var focusableCount: Int { session.controls.count }
  /// Whether the focused control is a secure field: what is typed now is a secret, which a
  /// key recorder must not keep. Not while the screen is a preview (an inspector has the keys):
  /// what is typed then goes to the tool, not to the field.
  public var isTypingSecret: Bool {
    !isPreviewing && commandPalette == nil && focusedControl?.isSecure == true
  }

  /// The focused control, as the last layout registered it.
  var focusedControl: FocusSession.Control? { session[control: focusedIndex] }
  /// Whether the `?` overlay listing every key shows.
  public internal(set) var isShowingHelp = false
  /// Whether the command palette shows: Ctrl-P lists the commands that act now, filtered as
  /// the user types; Enter or a click runs one, Esc closes it.
  public var isShowingCommandPalette: Bool { commandPalette != nil }
  /// The command palette, while it shows.
  var commandPalette: CommandPalette?
  /// Whether the last row lists the active screen's keys.
  public var showsHelpBar: Bool {
    didSet { if showsHelpBar != oldValue { needsFrame() } }
  }
  /// Whether colours are dropped before cells reach the backend (bold, dim, underline and
  /// reverse stay, so focus remains visible), whatever ``colorDepth`` says.
  public var noColor: Bool {
    didSet { if noColor != oldValue { redrawEverything() } }
  }
  /// How many colours the terminal shows: every cell is drawn with its colours degraded to the
  /// nearest ones at this depth (``Color/degraded(to:)``). It starts as the backend's
  /// ``Backend/colorDepth``.
  public var colorDepth: ColorDepth {
    didSet { if colorDepth != oldValue { redrawEverything() } }
  }
  /// The named styles widgets draw with.
  public var theme: Theme {
    didSet { if theme != oldValue { needsFrame() } }
  }
  /// The depth cells are drawn at: none with ``noColor``, ``colorDepth`` otherwise.
  private var drawnDepth: ColorDepth { noColor ? .monochrome : colorDepth }
  /// Keys the application handles itself (through `onKey`), listed after the screen's keys.
  public var globalKeys: [(key: String, label: String)]
  /// Keys of tools laid over the app (an inspector's F12): listed after the global keys in the
  /// `?` overlay, and in the help bar while it has room (they are the first keys a narrow bar
  /// drops).
  public var toolKeys: [(key: String, label: String)] = [] {
    didSet { needsFrame() }
  }
  /// Tools laid over the app that see keys before the screen does (Ctrl-C excepted), such as
  /// an inspector: the last added sees a key first, and a key it lets through goes on to the
  /// one added before it, then to the screen. Each is an input layer of its own, so two tools
  /// can each take their keys.
  public var keyInterceptors: [any KeyInterceptor] = []
  /// Wraps the laying out of every frame, for a tool that draws the app under conditions of
  /// its own (an inspector drawing a past state with the shared values it had then).
  public var frameScope: (@MainActor (_ layOut: () -> Void) -> Void)?
  /// Whether the screen shows something other than the live app for a while (the past state
  /// an inspector travelled to): while it does, no `.task` starts or is cancelled, and when it
  /// ends, focus and text cursors are put back where they were when it began, tasks start and
  /// stop as the live screen asks, and the screen is drawn again.
  public var isPreviewing = false {
    didSet {
      guard isPreviewing != oldValue else { return }
      if isPreviewing {
        beforePreview = (focus.memento, session)
      } else {
        if let beforePreview {
          focus.memento = beforePreview.focus
          session = beforePreview.session
        }
        beforePreview = nil
        reconcileTasks()
        needsFrame()
      }
    }
  }
  private var beforePreview: (focus: FocusController.Memento, session: FocusSession)?

  private let content: @MainActor () -> Group
  let onKey: @MainActor (KeyEvent) -> Bool
  let pacer: FramePacer
  let focus = FocusController()
  private let tasks = ViewTasks()
  var previous = Buffer(size: Size(width: 0, height: 0))
  var session = FocusSession(focusedIndex: 0)
  /// What widgets and stacks keep between frames.
  let memory = FrameMemory()
  private let observationGeneration = Atomic<Int>(0)
  /// Whether keys are being routed: a frame is asked for right after, so a change seen
  /// meanwhile need not schedule one of its own.
  let isRouting = Atomic<Bool>(false)
  /// The views with a body that frames evaluated, kept so that a frame evaluates only those
  /// whose inputs or reads changed.
  lazy var graph = ViewGraph { [weak self] in self?.observedChange() }

  /// Creates an application drawing `content`; `onKey` gets the keys nothing else used and
  /// returns whether it used them.
  ///
  /// - Parameters:
  ///   - backend: Where frames are drawn: the terminal, or a ``HeadlessBackend`` in tests.
  ///   - showsHelpBar: Whether the last row lists the active screen's keys.
  ///   - noColor: Whether colours are dropped; `nil` follows the `NO_COLOR` variable on a real
  ///     terminal and means `false` on a ``HeadlessBackend``, so snapshots do not depend on the
  ///     shell that runs the tests (pass `true` to check the no-colour rendering).
  ///   - theme: The named styles widgets draw with.
  ///   - colorDepth: How many colours the terminal shows; `nil` asks the backend.
  ///   - globalKeys: Keys the program handles itself (in `onKey`), listed in the help bar and
  ///     in `?` after the screen's own.
  ///   - frameClock: The clock that spaces frames at most 60 a second in `run(_:)`.
  ///   - onKey: Gets the keys nothing else used, and returns whether it used them.
  ///   - content: The root view.
  public init(
    backend: any Backend,
    showsHelpBar: Bool = false,
    noColor: Bool? = nil,
    theme: Theme = .dark,
    colorDepth: ColorDepth? = nil,
    globalKeys: [(key: String, label: String)] = [],
    frameClock: FrameClock = FrameClock(ContinuousClock()),
    onKey: @escaping @MainActor (KeyEvent) -> Bool = { _ in false },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) {
    self.backend = backend
    self.showsHelpBar = showsHelpBar
    self.noColor = noColor ?? (backend is HeadlessBackend ? false : noColorRequested())
    self.theme = theme
    self.colorDepth = colorDepth ?? backend.colorDepth
    self.globalKeys = globalKeys
    self.pacer = FramePacer(clock: frameClock)
    self.onKey = onKey
    self.content = content
  }

  /// Ends the application, as Ctrl-C does: `run` returns and `isFinished` is true.
  public func finish() {
    isFinished = true
  }

  /// Makes the next frame send every cell: cells are degraded to the colour depth after the
  /// frame is compared with the last one, so a new depth changes cells the comparison sees as
  /// unchanged.
  private func redrawEverything() {
    previous = Buffer(size: Size(width: 0, height: 0))
    needsFrame()
  }

  /// Handles keys, then draws at most one frame.
  public func handle(_ keys: [KeyEvent]) {
    routeAll(keys)
    renderIfNeeded()
  }

  /// Draws the first frame, then handles keys as they arrive until Ctrl-C or the end of the
  /// input, drawing at most one frame per batch and 60 a second, and the last one on the way
  /// out.
  public func run(_ keys: AsyncStream<KeyEvent>) async {
    renderIfNeeded()
    // A frame the pacing held back is drawn before returning: the screen ends on the last keys.
    defer { renderIfNeeded() }
    for await key in keys {
      handleWithinFrameRate([key])
      if isFinished { return }
    }
  }

  /// Like ``run(_:)-(AsyncStream<KeyEvent>)`` for input read in batches (a terminal read can
  /// carry many keys, a paste or a resize).
  public func run(_ batches: AsyncStream<[KeyEvent]>) async {
    renderIfNeeded()
    defer { renderIfNeeded() }
    for await batch in batches {
      handleWithinFrameRate(batch)
      if isFinished { return }
    }
  }

  /// Handles keys, then draws: at once when no more input waits, so a key typed while the
  /// screen is idle costs no latency; while input keeps coming (a paste, a burst), at most 60
  /// frames a second, drawing now if the last frame is at least 1/60 s old, or later otherwise.
  ///
  /// For example, the runner's loop: `app.handleWithinFrameRate(keys, moreInputWaiting:
  /// session.isInputWaiting)`.
  ///
  /// - Parameters:
  ///   - keys: The keys read, in order.
  ///   - moreInputWaiting: Whether more input is already on its way (by default it is assumed
  ///     to be, which paces every frame).
  public func handleWithinFrameRate(_ keys: [KeyEvent], moreInputWaiting: Bool = true) {
    routeAll(keys)
    if moreInputWaiting {
      requestFrame()
    } else {
      renderIfNeeded()
    }
  }

  /// Draws a frame if something read by the last frame changed, or focus or size did.
  public func renderIfNeeded() {
    guard pacer.takeNeedsDisplay() else { return }
    let bodies = BodyEvaluations.count
    let builds = FrameBuilds()
    var buffer = layOut(observing: true, builds: builds)
    let focusMoved = focus.adjust(in: session)
    let layouts = session.readCoveredScreens || focusMoved ? 2 : 1
    if session.readCoveredScreens {
      // A frame that read covered screens to learn their titles is laid out again, afresh: the
      // second layout finds the titles remembered, so what those screens show is never observed.
      buffer = layOut(observing: true)
    } else if focusMoved {
      // Focus moved as the frame was laid out (to another screen, or to a focus binding): the
      // frame is laid out again with it, from the views the first layout built, whose reads
      // stay observed.
      buffer = layOut(observing: true, builds: builds, keepingEarlierReads: true)
    }
    memory.endFrame(
      drawn: session.tasks, hadRoom: backend.size.width > 0 && backend.size.height > 0)
    graph.endFrame()
    var updates = buffer.diff(from: previous)
    let depth = drawnDepth
    if depth != .trueColor {
      for index in updates.indices {
        updates[index].cell.style = updates[index].cell.style.degraded(to: depth)
      }
    }
    backend.draw(updates)
    lastFrame = FrameStatistics(since: bodies, layouts: layouts, cellsDrawn: updates.count)
    // No cursor shows where typing would not go: under the `?` overlay or a layer with the keys.
    backend.setCursor(typingGoesOverTheScreen ? nil : buffer.cursor)
    backend.flush()
    previous = buffer
    frameCount += 1
    pacer.didDraw()
    reconcileTasks()
  }

  /// Starts the tasks of `.task` modifiers drawn for the first time and cancels those of
  /// modifiers no longer drawn (all of them once the application finished).
  private func reconcileTasks() {
    if isPreviewing, !isFinished { return }
    tasks.reconcile(
      with: isFinished ? [:] : session.tasks.bodies, startsNew: !isFinished,
      beforeStart: { [weak self] in self?.renderIfNeeded() })
  }

  /// Renders the screen into a new buffer and makes its registrations the current session;
  /// without `painting`, only lays it out: the widgets place themselves and register their
  /// controls and keys, and no cell is drawn.
  ///
  /// - Parameters:
  ///   - builds: The views built for this frame so far: a second layout of a frame reuses what
  ///     the first built.
  ///   - keepingEarlierReads: Whether what earlier layouts of the frame read stays observed;
  ///     otherwise only this layout's reads count.
  private func layOut(
    observing: Bool, painting: Bool = true, builds: FrameBuilds = FrameBuilds(),
    keepingEarlierReads: Bool = false
  ) -> Buffer {
    let size = backend.size
    let frameSession = FocusSession(focusedIndex: focusedIndex, memory: memory, builds: builds)
    let context = RenderContext(session: frameSession, theme: theme)
    var buffer = painting ? Buffer(size: size) : .layoutOnly(size: size)
    let barHeight = showsHelpBar && size.height >= 2 ? 1 : 0
    let area = Rect(x: 0, y: 0, width: size.width, height: size.height - barHeight)
    let frameScope = self.frameScope
    let draw = {
      let layOut = {
        let root = context.build(RootContentKey(), in: area) { Group(views: [self.content()]) }
        render(root, in: area, into: &buffer, context: context)
      }
      if let frameScope { frameScope(layOut) } else { layOut() }
    }
    // A past state an inspector shows is drawn afresh: what bodies read then is not observed.
    let outerGraph = ViewGraph.current
    ViewGraph.current = isPreviewing ? nil : graph
    graph.session = frameSession
    defer { ViewGraph.current = outerGraph }
    if observing {
      // Unless told otherwise, only the latest layout's reads count: an earlier layout of the
      // same frame is ignored.
      let generation =
        keepingEarlierReads
        ? observationGeneration.load(ordering: .relaxed)
        : observationGeneration.add(1, ordering: .relaxed).newValue
      // Holds nothing strongly: Swift 6.3's Observation never releases this closure when an
      // observable read during `draw` is freed before `draw` returns (one made in a `body` and
      // not kept), so what it captured would live as long as the process.
      withObservationTracking(draw) { [weak self] in
        guard let self, self.observationGeneration.load(ordering: .relaxed) == generation else {
          return
        }
        self.observedChange()
      }
    } else {
      draw()
    }
    let previousSession = session
    session = frameSession
    if session.screen != previousSession.screen {
      focus.switchScreen(from: previousSession, to: session)
    }
    guard painting else { return buffer }
    if barHeight == 1 {
      let bar = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
      buffer.fill(bar)
      buffer.write(
        barHelp.bar(width: size.width), at: Position(x: 0, y: bar.y),
        style: theme.muted, clip: bar)
    }
    for layer in layersOverTheScreen.reversed() { layer.draw(into: &buffer, in: self) }
    return buffer
  }

  /// Lays the screen out again without painting it, so that a key sees the controls that the
  /// keys before it in the same batch enabled or added.
  func refreshLayout() {
    _ = layOut(observing: false, painting: false)
    layoutPassCount += 1
    _ = focus.adjust(in: session)
  }
}

/// What the application's root content is built under for the frame.
private struct RootContentKey: Hashable {}
