import TerminalUICore

/// Content taller than its room, scrolled: the rows in view, and a scroll bar on the right while
/// some are hidden.
///
/// For example, a long form:
///
/// <!-- context: tui-survey-model -->
/// ```swift
/// ScrollView {
///   ForEach(model.questions) { question in
///     TextField(question.prompt, text: $model.answers[question.id])
///   }
/// }
/// ```
///
/// Tab and Shift-Tab reach every control of the content: when focus moves to one out of view,
/// the view scrolls to show it. PgUp and PgDn scroll by a page, Home and End to the ends (as the
/// screen's keys: a focused control that uses them, a field or a list, keeps them), and so does
/// the mouse wheel over the view. Clicks reach the controls in view. The view fills the height
/// it is offered; content is laid out up to 10,000 rows. Content that fills whatever height it
/// is given (a `List`, a `Spacer`, a stack holding one) gets the view's height: it has no natural
/// height to scroll through, and a `List` scrolls itself.
@MainActor
public struct ScrollView: Widget {
  /// The most rows of content laid out.
  public static let maximumContentHeight = 10_000

  let content: any Widget

  /// Scrolls `content`. Its offset belongs to the view where it is written, as `@State` does
  /// in SwiftUI: a view written once and shown twice scrolls in each place on its own.
  public init(@ViewBuilder content: () -> Group) {
    // The content is a vertical stack, as in SwiftUI's vertical scroll view.
    self.content = VStack(content: content)
  }

  /// Scrolls `content`, once told apart by where it was written.
  @available(
    *, deprecated,
    message: "A scroll view is identified by its place among the views; drop the arguments."
  )
  public init(
    fileID: StaticString, line: UInt, column: UInt, @ViewBuilder content: () -> Group
  ) {
    self.init(content: content)
  }

  var modifiedContent: (any View)? { content }

  /// A scroll view fills the height it is offered.
  public var isFlexible: Bool { true }

  /// All the room proposed, no more than the content needs.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    guard !content.isFlexible else { return proposal }
    let inner = content.measure(
      Size(width: proposal.width, height: Self.maximumContentHeight), context: context)
    return Size(width: proposal.width, height: min(proposal.height, inner.height))
  }

  /// Lays the content out in full, shows the rows in view, and registers the paging keys.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let limit = content.isFlexible ? rect.height : Self.maximumContentHeight
    let full = content.measure(Size(width: rect.width, height: limit), context: context)
    let overflows = full.height > rect.height
    let width = overflows ? max(0, rect.width - 1) : rect.width
    let height =
      overflows
      ? content.measure(Size(width: width, height: limit), context: context).height
      : full.height
    // The content is drawn whole, off screen, with its controls registered as usual.
    let page = context.renderOffscreen(
      content, size: Size(width: width, height: height), painting: buffer.paints)
    let lastOffset = max(0, height - rect.height)
    let scrolled = context.remembered(ScrollOffsetKey(), as: ScrollOffset.self) ?? ScrollOffset()
    context.remember(scrolled, forKey: ScrollOffsetKey())
    var offset = min(scrolled.rows, lastOffset)
    // When focus has just moved to a control in the content, it is scrolled into view.
    if page.focusMoved, let area = page.focusedRect {
      offset = min(offset, area.y)
      if area.maxY > offset + rect.height { offset = min(area.y, area.maxY - rect.height) }
    }
    offset = max(0, min(offset, lastOffset))
    scrolled.rows = offset
    let viewport = Rect(x: rect.x, y: rect.y, width: width, height: min(rect.height, height))
    context.show(page, from: Position(x: 0, y: offset), in: viewport, into: &buffer)
    guard overflows else { return }
    drawBar(in: rect, offset: offset, contentHeight: height, theme: context.theme, into: &buffer)
    let pageRows = max(1, rect.height - 1)
    let redraw = context.displayRequest
    let scroll = { (to: Int) in
      scrolled.rows = max(0, min(to, lastOffset))
      redraw()
    }
    let keys: [KeyEvent] = [.pageUp, .pageDown, .home, .end]
    context.addCommand(KeyCommand("scroll", keys: keys, shownAs: "pgup/pgdn")) { key in
      switch key {
      case .pageDown: scroll(offset + pageRows)
      case .pageUp: scroll(offset - pageRows)
      case .home: scroll(0)
      default: scroll(lastOffset)
      }
    }
    context.addMouseRegion(rect) { event in
      switch event.kind {
      case .scrollUp: scroll(offset - 3)
      case .scrollDown: scroll(offset + 3)
      default: return false
      }
      return true
    }
  }

  /// The bar on the right: a muted track with a thumb in the accent, as tall as the share of
  /// the content in view.
  private func drawBar(
    in rect: Rect, offset: Int, contentHeight: Int, theme: Theme, into buffer: inout Buffer
  ) {
    let column = rect.maxX - 1
    let thumb = max(1, rect.height * rect.height / max(1, contentHeight))
    let room = rect.height - thumb
    let lastOffset = max(1, contentHeight - rect.height)
    let top = room * offset / lastOffset
    for row in 0..<rect.height {
      let isThumb = (top..<(top + thumb)).contains(row)
      buffer.write(
        isThumb ? "█" : "│", at: Position(x: column, y: rect.y + row),
        style: isThumb ? theme.accent : theme.muted, clip: rect)
    }
  }
}

/// Where a scroll view keeps its offset between frames, under its place among the views.
private struct ScrollOffsetKey: Hashable {}

/// How many rows a scroll view's content is scrolled by: a box its keys and the wheel change
/// between frames.
@MainActor
private final class ScrollOffset {
  var rows = 0
}
