import Observation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a screen: routes keys to the focused control and the screen's shortcuts, and draws a
/// frame to the backend only when something the last frame read has changed.
///
/// For example:
///
/// ```swift
/// let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
///   CounterView(model: model)
/// }
/// app.renderIfNeeded()
/// app.handle([.tab, .enter])
/// ```
///
/// Keys are handled in this order: Ctrl-C finishes the application; the `?` overlay, while it
/// shows, takes every key; Tab and Shift-Tab move the focus among the active screen's controls
/// (an overlay's, when one shows); the focused control; the active screen's shortcuts; Esc pops
/// the innermost stack or dismisses the top overlay; `?` shows every key; then `onKey`.
/// Every read made while drawing is observed, so a state change the screen did not read draws
/// nothing, and any number of changes in one turn draw one frame.
@MainActor
public final class Application {
  /// Where frames are drawn.
  public let backend: any Backend
  /// How many frames were drawn.
  public private(set) var frameCount = 0
  /// Whether Ctrl-C was pressed. Finishing cancels the tasks of `.task` modifiers.
  public private(set) var isFinished = false {
    didSet { if isFinished { reconcileTasks(with: [:]) } }
  }

  /// The index of the focused control, in screen order.
  public private(set) var focusedIndex = 0
  /// How many controls the last frame's active screen (or overlay) can focus.
  public var focusableCount: Int { session.controls.count }
  /// Whether the focused control is a secure field: what is typed now is a secret, which a
  /// key recorder must not keep.
  public var isTypingSecret: Bool {
    session.controls.indices.contains(focusedIndex) && session.controls[focusedIndex].isSecure
  }
  /// Whether the `?` overlay listing every key shows.
  public private(set) var isShowingHelp = false
  /// Whether the last row lists the active screen's keys.
  public var showsHelpBar: Bool {
    didSet { if showsHelpBar != oldValue { setNeedsDisplay() } }
  }
  /// Whether colours are dropped before cells reach the backend (bold, dim, underline and
  /// reverse stay, so focus remains visible).
  public var noColor: Bool {
    didSet { if noColor != oldValue { setNeedsDisplay() } }
  }
  /// Keys the application handles itself (through `onKey`), listed after the screen's keys.
  public var globalKeys: [(key: String, label: String)]

  private let content: @MainActor () -> Group
  private let onKey: @MainActor (KeyEvent) -> Bool
  private let frameClock: FrameClock
  private var previous = Buffer(size: Size(width: 0, height: 0))
  private var session = FocusSession(focusedIndex: 0, textCursors: [:])
  private let memory = FrameMemory()
  private let invalidated = Atomic<Bool>(true)
  private let observationGeneration = Atomic<Int>(0)
  private var lastFrameTime: Duration?
  private var isFrameScheduled = false
  private var runningTasks: [AnyHashable: Task<Void, Never>] = [:]
  /// The focused control's identity, which focus follows when controls before it come and go.
  private var focusedIdentity: String?
  /// Where focus and text cursors were on each screen the active one covers (the screens under
  /// a pushed one, the screen under an overlay), restored when it is active again.
  private var coveredScreens: [[AnyHashable]: (focus: String?, cursors: [String: Int])] = [:]
  /// Whether the last layout switched screens and restored that screen's focus: the frame is
  /// laid out again with it.
  private var restoredScreen = false

  /// Creates an application drawing `content`; `onKey` gets the keys nothing else used and
  /// returns whether it used them.
  ///
  /// - Parameters:
  ///   - showsHelpBar: Whether the last row lists the active screen's keys.
  ///   - noColor: Whether colours are dropped; `nil` follows the `NO_COLOR` variable on a real
  ///     terminal and means `false` on a ``HeadlessBackend``, so snapshots do not depend on the
  ///     shell that runs the tests (pass `true` to check the no-colour rendering).
  ///   - frameClock: The clock that spaces frames at most 60 a second in ``run(_:)``.
  public init(
    backend: any Backend,
    showsHelpBar: Bool = false,
    noColor: Bool? = nil,
    globalKeys: [(key: String, label: String)] = [],
    frameClock: FrameClock = FrameClock(ContinuousClock()),
    onKey: @escaping @MainActor (KeyEvent) -> Bool = { _ in false },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) {
    self.backend = backend
    self.showsHelpBar = showsHelpBar
    self.noColor = noColor ?? (backend is HeadlessBackend ? false : noColorRequested())
    self.globalKeys = globalKeys
    self.frameClock = frameClock
    self.onKey = onKey
    self.content = content
  }

  /// Whether the next `renderIfNeeded()` draws a frame.
  public var needsDisplay: Bool { invalidated.load(ordering: .relaxed) }

  /// Ends the application, as Ctrl-C does: `run` returns and `isFinished` is true.
  public func finish() {
    isFinished = true
  }

  /// Forces the next `renderIfNeeded()` to draw.
  public func setNeedsDisplay() {
    invalidated.store(true, ordering: .relaxed)
  }

  /// The help bar's text: the active screen's keys, then focus, back, help and the global keys.
  public var helpText: String {
    actingEntries(overlay: false).map { "\($0.entry.key) \($0.entry.label)" }
      .joined(separator: "  ")
  }

  /// Handles keys, then draws at most one frame.
  public func handle(_ keys: [KeyEvent]) {
    for key in keys where !isFinished { route(key) }
    renderIfNeeded()
  }

  /// Draws the first frame, then handles keys as they arrive until Ctrl-C or the end of the
  /// input, drawing at most one frame per batch and 60 a second.
  public func run(_ keys: AsyncStream<KeyEvent>) async {
    renderIfNeeded()
    for await key in keys {
      handleWithinFrameRate([key])
      if isFinished { return }
    }
  }

  /// Like ``run(_:)-(AsyncStream<KeyEvent>)`` for input read in batches (a terminal read can
  /// carry many keys, a paste or a resize).
  public func run(_ batches: AsyncStream<[KeyEvent]>) async {
    renderIfNeeded()
    for await batch in batches {
      handleWithinFrameRate(batch)
      if isFinished { return }
    }
  }

  /// Handles keys, then draws now if the last frame is at least 1/60 s old, or later otherwise.
  public func handleWithinFrameRate(_ keys: [KeyEvent]) {
    for key in keys where !isFinished { route(key) }
    requestFrame()
  }

  /// Draws now if the frame rate allows it, or schedules one frame for when it does.
  func requestFrame() {
    guard needsDisplay, !isFrameScheduled else { return }
    let now = frameClock.now()
    let wait = lastFrameTime.map { FrameClock.interval - (now - $0) } ?? .zero
    guard wait > .zero else {
      renderIfNeeded()
      return
    }
    isFrameScheduled = true
    Task { @MainActor [weak self] in
      await self?.frameClock.sleep(wait)
      guard let self else { return }
      self.isFrameScheduled = false
      self.renderIfNeeded()
    }
  }

  /// Draws a frame if something read by the last frame changed, or focus or size did.
  public func renderIfNeeded() {
    guard invalidated.exchange(false, ordering: .relaxed) else { return }
    var buffer = layOut(observing: true)
    // A frame that read covered screens to learn their titles is laid out again: the second
    // layout finds the titles remembered, so what those screens show is never observed.
    let readCoveredScreens = session.readCoveredScreens
    if adjustFocus() || readCoveredScreens { buffer = layOut(observing: true) }
    if noColor {
      buffer.restyle(buffer.bounds) {
        $0.foreground = .default; $0.background = .default
      }
    }
    backend.draw(buffer.diff(from: previous))
    backend.setCursor(isShowingHelp ? nil : buffer.cursor)
    backend.flush()
    previous = buffer
    frameCount += 1
    lastFrameTime = frameClock.now()
    reconcileTasks(with: session.tasks.bodies)
  }

  /// Starts the tasks of `.task` modifiers drawn for the first time and cancels those of
  /// modifiers no longer drawn.
  private func reconcileTasks(with bodies: [AnyHashable: @MainActor () async -> Void]) {
    for (key, task) in runningTasks where bodies[key] == nil {
      task.cancel()
      runningTasks[key] = nil
    }
    guard !isFinished else { return }
    for (key, body) in bodies where runningTasks[key] == nil {
      // Keys handled before the task gets to run may have taken its view off the screen: draw
      // first (which cancels the task if so), then run it only if it is still wanted.
      runningTasks[key] = Task { @MainActor [weak self] in
        self?.renderIfNeeded()
        guard !Task.isCancelled else { return }
        await body()
      }
    }
  }

  /// Renders the screen into a new buffer and makes its registrations the current session.
  private func layOut(observing: Bool) -> Buffer {
    let size = backend.size
    let frameSession = FocusSession(
      focusedIndex: focusedIndex, textCursors: session.textCursors, memory: memory)
    let context = RenderContext(session: frameSession)
    var buffer = Buffer(size: size)
    let barHeight = showsHelpBar && size.height >= 2 ? 1 : 0
    let area = Rect(x: 0, y: 0, width: size.width, height: size.height - barHeight)
    let draw = {
      render(Group(views: [self.content()]), in: area, into: &buffer, context: context)
    }
    if observing {
      // Only the latest layout's reads count: an earlier layout of the same frame is ignored.
      let generation = observationGeneration.add(1, ordering: .relaxed).newValue
      withObservationTracking(draw) { [weak self] in
        guard let self, self.observationGeneration.load(ordering: .relaxed) == generation else {
          return
        }
        self.invalidated.store(true, ordering: .relaxed)
        Task { @MainActor [weak self] in self?.requestFrame() }
      }
    } else {
      draw()
    }
    let previous = session
    session = frameSession
    if session.screen != previous.screen { switchScreen(from: previous) }
    if barHeight == 1 {
      let bar = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
      buffer.fill(bar)
      buffer.write(
        helpBar(width: size.width), at: Position(x: 0, y: bar.y),
        style: Style(dim: true), clip: bar)
    }
    if isShowingHelp { drawHelpOverlay(into: &buffer) }
    return buffer
  }

  /// Keeps where focus and cursors were on the screen left, and puts them back where they
  /// were on the screen now active (the first control and fresh cursors on a new screen), so
  /// that popping a screen or closing an overlay returns to the control that had focus.
  private func switchScreen(from previous: FocusSession) {
    coveredScreens[previous.screen] = (focusedIdentity, previous.textCursors)
    let screen = session.screen
    let saved = coveredScreens[screen]
    // Only the screens under the active one can come back.
    coveredScreens = coveredScreens.filter {
      $0.key.count < screen.count && screen.starts(with: $0.key)
    }
    focusedIdentity = saved?.focus
    session.textCursors = saved?.cursors ?? [:]
    focusedIndex = focusedIdentity.flatMap(session.index(of:)) ?? -1
    restoredScreen = true
  }

  /// Moves focus where the state or the screen wants it; returns whether the frame must be
  /// laid out again.
  private func adjustFocus() -> Bool {
    defer {
      if session.controls.indices.contains(focusedIndex) {
        focusedIdentity = session.controls[focusedIndex].identity
      }
    }
    var changed = restoredScreen
    restoredScreen = false
    let count = session.controls.count
    if let bound = session.focusBindings.sorted(by: { $0.key < $1.key })
      .first(where: { $0.value.isFocusedInState() })?.key, bound != focusedIndex
    {
      focusedIndex = bound
      return true
    }
    // Focus stays on its control when controls before it come or go.
    if let identity = focusedIdentity,
      !session.controls.indices.contains(focusedIndex)
        || session.controls[focusedIndex].identity != identity,
      let index = session.index(of: identity)
    {
      focusedIndex = index
      return true
    }
    if focusedIndex < 0 || focusedIndex >= count {
      let target = count == 0 ? 0 : focusedIndex < 0 ? 0 : count - 1
      changed = changed || (target != focusedIndex && count > 0)
      focusedIndex = target
    }
    return changed
  }

  /// Lays the screen out again without drawing, so that a key sees the controls that the
  /// keys before it in the same batch enabled or added.
  private func refreshLayout() {
    _ = layOut(observing: false)
    _ = adjustFocus()
    setNeedsDisplay()
  }

  private func moveFocus(to index: Int) {
    focusedIndex = index
    focusedIdentity = session.controls[index].identity
    setNeedsDisplay()
    if let binding = session.focusBindings[index] {
      binding.focus()
    } else {
      for binding in session.focusBindings.values where binding.isFocusedInState() {
        binding.clear()
      }
    }
  }

  private func route(_ key: KeyEvent) {
    if needsDisplay { refreshLayout() }
    let count = session.controls.count
    if key == .ctrl("c") {
      isFinished = true
      return
    }
    if case .resize = key {
      backend.clear()
      previous = Buffer(size: Size(width: 0, height: 0))
      setNeedsDisplay()
      return
    }
    if isShowingHelp {
      if key == .escape || key == .character("?") {
        isShowingHelp = false
        setNeedsDisplay()
      }
      return
    }
    switch key {
    case .tab where count > 0:
      moveFocus(to: (focusedIndex + 1) % count)
    case .backTab where count > 0:
      moveFocus(to: (focusedIndex + count - 1) % count)
    default:
      if focusedIndex < count, session.controls[focusedIndex].handle(key, session) {
        setNeedsDisplay()
        return
      }
      if let shortcut = session.shortcuts[key] {
        shortcut()
        return
      }
      if key == .escape, let escape = session.escape {
        escape()
        return
      }
      if key == .character("?") {
        isShowingHelp = true
        setNeedsDisplay()
        return
      }
      _ = onKey(key)
    }
  }

  /// The keys that act now, each listed once, in order of importance: what the focused control
  /// does with its keys, the screen's keys it does not swallow (a focused field takes typed
  /// characters and ←/→, a focused list ↑/↓ and Enter), then focus, back, help and the
  /// application's keys.
  private func actingEntries(overlay: Bool) -> [(entry: FocusSession.HelpEntry, drop: Int)] {
    let focused =
      session.controls.indices.contains(focusedIndex) ? session.controls[focusedIndex] : nil
    func acts(_ entry: FocusSession.HelpEntry) -> Bool {
      guard let focused else { return true }
      let keys = entry.keys.isEmpty ? KeyTape.key(named: entry.key).map { [$0] } ?? [] : entry.keys
      if keys.isEmpty { return !(focused.takesText && displayWidth(entry.key) == 1) }
      return !keys.allSatisfy(focused.consumes)
    }
    typealias Entry = FocusSession.HelpEntry
    // `drop`: the order in which a narrow help bar drops entries (higher first; 0 never).
    // The focused control's own entries act by definition; the others only if it lets their
    // keys through.
    var own: [Entry] = focused?.help ?? []
    if overlay, focused?.consumes(.enter) == true, !own.contains(where: { $0.key == "enter" }) {
      own.append(Entry(key: "enter", label: "activate", keys: [.enter]))
    }
    var entries: [(entry: Entry, drop: Int)] = []
    for (offset, entry) in (own + session.help).enumerated() {
      entries.append((entry, 100 + offset))
    }
    if overlay {
      entries.append((Entry(key: "tab", label: "next control"), 3))
      entries.append((Entry(key: "shift-tab", label: "previous control"), 3))
    } else if session.controls.count > 1 {
      entries.append((Entry(key: "tab", label: "focus"), 500))
    }
    if session.escape != nil { entries.append((Entry(key: "esc", label: "back"), 400)) }
    entries.append((Entry(key: "?", label: overlay ? "close this help" : "help"), 0))
    for global in globalKeys {
      entries.append((Entry(key: global.key, label: global.label), 0))
    }
    entries.append((Entry(key: "ctrl-c", label: "quit"), 0))
    var seen: Set<String> = []
    var acting = entries.enumerated().filter { offset, item in
      let key = item.entry.key
      let isOwn = offset < own.count
      guard !seen.contains(key), isOwn || acts(item.entry) || (overlay && key == "?") else {
        return false
      }
      seen.insert(key)
      return true
    }.map(\.element)
    // Ctrl-C always quits; when another listed key quits too, a narrow bar drops it first.
    if acting.contains(where: { $0.entry.label == "quit" && $0.entry.key != "ctrl-c" }) {
      acting[acting.count - 1].drop = 1_000
    }
    return acting
  }

  /// The help bar for `width` columns: when every key does not fit, the least important go
  /// first (Ctrl-C when another key quits, focus and back, which `?` lists, then the screen's
  /// keys from the last listed), so `? help` and quitting stay.
  private func helpBar(width: Int) -> String {
    var entries = actingEntries(overlay: false)
    func text() -> String {
      entries.map { "\($0.entry.key) \($0.entry.label)" }.joined(separator: "  ")
    }
    var line = text()
    while displayWidth(line) > width,
      let index = entries.indices.filter({ entries[$0].drop > 0 })
        .max(by: { entries[$0].drop < entries[$1].drop })
    {
      entries.remove(at: index)
      line = text()
    }
    return truncate(line, toWidth: width)
  }

  private func drawHelpOverlay(into buffer: inout Buffer) {
    let entries = actingEntries(overlay: true).map(\.entry)
    let keyWidth = entries.map { displayWidth($0.key) }.max() ?? 0
    let lines = entries.map {
      $0.key + String(repeating: " ", count: keyWidth - displayWidth($0.key)) + "  " + $0.label
    }
    let overlay = Box(title: "Keys", style: Style(bold: true)) {
      ForEach(lines) { Text($0) }
    }
    drawCentred(overlay, into: &buffer, in: buffer.bounds, context: RenderContext())
  }
}

/// Draws `view` centred in `area` over a dimmed background.
@MainActor
func drawCentred(
  _ view: any View, into buffer: inout Buffer, in area: Rect, minimumWidth: Int = 0,
  context: RenderContext
) {
  guard !area.isEmpty else { return }
  buffer.restyle(area) {
    $0.dim = true; $0.reverse = false; $0.underline = false
  }
  buffer.cursor = nil
  let available = max(0, area.width - 2)
  var size = primitive(view).measure(Size(width: available, height: area.height), context: context)
  size.width = max(size.width, min(minimumWidth, available))
  let rect = Rect(
    x: area.x + (area.width - size.width) / 2, y: area.y + (area.height - size.height) / 2,
    width: size.width, height: size.height)
  buffer.fill(rect)
  render(view, in: rect, into: &buffer, context: context)
}

/// Whether `NO_COLOR` is set to something non-empty (no-color.org).
func noColorRequested() -> Bool {
  guard let value = getenv("NO_COLOR") else { return false }
  return value.pointee != 0
}

/// The clock frames are spaced on: at most 60 frames a second.
///
/// For example, tests drive it with a `TestClock`: `FrameClock(testClock)`.
public struct FrameClock: Sendable {
  /// The shortest time between two frames.
  public static let interval: Duration = .nanoseconds(1_000_000_000 / 60)
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async -> Void

  /// A frame clock on `clock`.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { try? await clock.sleep(for: $0) }
  }
}
