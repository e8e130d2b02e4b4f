import Observation
import Synchronization

/// Runs a screen: routes keys to the focused control and the screen's shortcuts, and draws a
/// frame to the backend only when something the last frame read has changed.
///
/// For example:
///
/// ```swift
/// let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
///   CounterView(store: store)
/// }
/// app.renderIfNeeded()
/// app.handle([.tab, .enter])
/// ```
///
/// Keys are handled in this order: Ctrl-C finishes the application; Tab and Shift-Tab move the
/// focus; the focused control; the shortcuts of buttons on screen; then `onKey`. Every read
/// made while drawing is observed, so a state change the screen did not read draws nothing,
/// and any number of changes in one turn draw one frame.
@MainActor
public final class Application {
  /// Where frames are drawn.
  public let backend: any Backend
  /// How many frames were drawn.
  public private(set) var frameCount = 0
  /// Whether Ctrl-C was pressed.
  public private(set) var isFinished = false
  /// The index of the focused control, in screen order.
  public private(set) var focusedIndex = 0

  private let content: @MainActor () -> Group
  private let onKey: @MainActor (KeyEvent) -> Bool
  private var previous = Buffer(size: Size(width: 0, height: 0))
  private var session = FocusSession(focusedIndex: 0, textCursors: [:])
  private let invalidated = Atomic<Bool>(true)

  /// Creates an application drawing `content`; `onKey` gets the keys no control used and
  /// returns whether it used them.
  public init(
    backend: any Backend, onKey: @escaping @MainActor (KeyEvent) -> Bool = { _ in false },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) {
    self.backend = backend
    self.onKey = onKey
    self.content = content
  }

  /// Whether the next `renderIfNeeded()` draws a frame.
  public var needsDisplay: Bool { invalidated.load(ordering: .relaxed) }

  /// Forces the next `renderIfNeeded()` to draw.
  public func setNeedsDisplay() {
    invalidated.store(true, ordering: .relaxed)
  }

  /// Handles keys, then draws at most one frame.
  public func handle(_ keys: [KeyEvent]) {
    for key in keys where !isFinished { route(key) }
    renderIfNeeded()
  }

  /// Draws the first frame, then handles keys as they arrive until Ctrl-C or the end of the
  /// input.
  public func run(_ keys: AsyncStream<KeyEvent>) async {
    renderIfNeeded()
    for await key in keys {
      handle([key])
      if isFinished { return }
    }
  }

  /// Draws a frame if something read by the last frame changed, or focus or size did.
  public func renderIfNeeded() {
    guard invalidated.exchange(false, ordering: .relaxed) else { return }
    let size = backend.size
    let frameSession = FocusSession(focusedIndex: focusedIndex, textCursors: session.textCursors)
    FocusSession.current = frameSession
    defer { FocusSession.current = nil }
    var buffer = Buffer(size: size)
    withObservationTracking {
      render(Group(views: [content()]), in: buffer.bounds, into: &buffer)
    } onChange: { [weak self] in
      self?.invalidated.store(true, ordering: .relaxed)
      Task { @MainActor [weak self] in self?.renderIfNeeded() }
    }
    session = frameSession
    if !session.controls.isEmpty, focusedIndex >= session.controls.count {
      focusedIndex = session.controls.count - 1
      setNeedsDisplay()
    }
    backend.draw(buffer.diff(from: previous))
    backend.setCursor(buffer.cursor)
    backend.flush()
    previous = buffer
    frameCount += 1
  }

  /// Lays the screen out again without drawing, so that a key sees the controls that the
  /// keys before it in the same batch enabled or added.
  private func refreshLayout() {
    let layoutSession = FocusSession(focusedIndex: focusedIndex, textCursors: session.textCursors)
    FocusSession.current = layoutSession
    defer { FocusSession.current = nil }
    var scratch = Buffer(size: backend.size)
    render(Group(views: [content()]), in: scratch.bounds, into: &scratch)
    session = layoutSession
  }

  private func route(_ key: KeyEvent) {
    if needsDisplay { refreshLayout() }
    FocusSession.current = session
    defer { FocusSession.current = nil }
    let count = session.controls.count
    switch key {
    case .ctrl("c"):
      isFinished = true
    case .resize:
      backend.clear()
      previous = Buffer(size: Size(width: 0, height: 0))
      setNeedsDisplay()
    case .tab where count > 0:
      focusedIndex = (focusedIndex + 1) % count
      setNeedsDisplay()
    case .backTab where count > 0:
      focusedIndex = (focusedIndex + count - 1) % count
      setNeedsDisplay()
    default:
      if focusedIndex < count, session.controls[focusedIndex].handle(key) {
        setNeedsDisplay()
        return
      }
      if let shortcut = session.shortcuts[key] {
        shortcut()
        return
      }
      _ = onKey(key)
    }
  }
}
