/// A view drawn whole, off screen, for a widget that shows part of it: a scrolling view draws
/// its content at full height on a page, then shows the rows in view.
///
/// For example, the body of a widget that shows its content from a remembered row:
///
/// <!-- context: tui-widget-render -->
/// ```swift
/// let page = context.renderOffscreen(
///   Text("one\ntwo\nthree"), size: Size(width: rect.width, height: 3), painting: buffer.paints)
/// context.show(page, from: Position(x: 0, y: 1), in: rect, into: &buffer)
/// ```
///
/// The page's controls, commands and mouse regions register as any view's do; ``RenderContext/show(_:from:in:into:)``
/// moves the mouse regions and the text cursor to where the page is shown, and a control
/// scrolled out of view no longer takes the mouse.
public struct OffscreenPage {
  /// The page's cells (none when only laying out).
  public let buffer: Buffer
  /// Where the focused control was drawn on the page, when it is one of the page's controls
  /// and takes the mouse (it said where it is).
  public let focusedRect: Rect?
  /// Whether focus is on one of the page's controls, and was not on it when this widget last
  /// drew a page: the moment to scroll it into view.
  public let focusMoved: Bool
  /// The first of the frame's controls and mouse regions the page registered.
  let firstControl: Int
  let firstRegion: Int
}

/// Where a widget remembers the control that had focus on its page in the last frame.
private struct PageFocusKey: Hashable {}

extension RenderContext {
  /// Draws `view` whole into a page of `size`, off screen: its controls, commands and mouse
  /// regions register as usual. Show the part in view with ``show(_:from:in:into:)``.
  ///
  /// - Parameters:
  ///   - view: What the page shows.
  ///   - size: The page's size: the room `view` gets.
  ///   - painting: Whether cells are drawn: pass the `paints` of the buffer you draw into, so a
  ///     layout-only pass draws none.
  public func renderOffscreen(_ view: any View, size: Size, painting: Bool = true)
    -> OffscreenPage
  {
    var page = painting ? Buffer(size: size) : .layoutOnly(size: size)
    let firstControl = session?.controls.count ?? 0
    let firstRegion = session?.mouseRegions.count ?? 0
    render(view, in: Rect(size: size), into: &page)
    var focusedRect: Rect?
    var focusMoved = false
    if let session {
      let key = session.scopedKey(AnyHashable(PageFocusKey()))
      if session.controls.indices.contains(session.focusedIndex),
        session.focusedIndex >= firstControl
      {
        let focused = session.controls[session.focusedIndex]
        focusedRect = focused.rect
        focusMoved = session.memory[key, as: String.self] != focused.identity
        session.memory[key, as: String.self] = focused.identity
      } else {
        session.memory[key, as: String.self] = nil
      }
    }
    return OffscreenPage(
      buffer: page, focusedRect: focusedRect, focusMoved: focusMoved,
      firstControl: firstControl, firstRegion: firstRegion)
  }

  /// Shows the part of `page` from `origin` in `viewport` of `buffer`: its cells, its text
  /// cursor when in view, and its controls and mouse regions, moved there (those out of view
  /// no longer take the mouse).
  public func show(
    _ page: OffscreenPage, from origin: Position, in viewport: Rect, into buffer: inout Buffer
  ) {
    buffer.copy(from: page.buffer, origin: origin, to: viewport)
    if let cursor = page.buffer.cursor {
      let shown = Position(x: viewport.x + cursor.x - origin.x, y: viewport.y + cursor.y - origin.y)
      if viewport.contains(shown) { buffer.cursor = shown }
    }
    session?.moveMouseTargets(
      controlsFrom: page.firstControl, regionsFrom: page.firstRegion,
      by: Position(x: viewport.x - origin.x, y: viewport.y - origin.y), within: viewport)
  }

  /// Asks for a frame from a key handler or a command that changed only what a widget
  /// remembers (a scroll offset in a remembered box), which no observation sees. Get it while
  /// drawing, call it later.
  ///
  /// For example:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// let redraw = context.displayRequest
  /// context.addCommand(KeyCommand("next", keys: [.pageDown])) { _ in redraw() }
  /// ```
  public var displayRequest: DisplayRequest { DisplayRequest(session: session) }
}

/// Asks the application for a frame (see ``RenderContext/displayRequest``); does nothing
/// outside an application, or once the frame that made it is no longer the latest.
@MainActor
public struct DisplayRequest {
  weak var session: FocusSession?

  /// Asks for a frame after the key being handled.
  public func callAsFunction() {
    session?.requestsDisplay = true
  }
}
