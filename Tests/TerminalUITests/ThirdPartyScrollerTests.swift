import TerminalUI
import Testing

// A scrolling widget a third party writes with the public API alone (no `@testable`): its
// content drawn whole off screen, the part in view shown, its offset kept in a remembered box
// that its keys change, and the focused control scrolled into view.

/// Shows its content from a remembered row and column; ↓/↑ scroll a row, →/← a column.
private struct Scroller: Widget {
  let content: any View
  let contentSize: Size

  /// The offset, shared by the frame that draws and the commands that scroll.
  final class Offset {
    var origin = Position(x: 0, y: 0)
  }
  struct OffsetKey: Hashable {}

  func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let offset = context.remembered(OffsetKey(), as: Offset.self) ?? Offset()
    context.remember(offset, forKey: OffsetKey())
    let page = context.renderOffscreen(content, size: contentSize, painting: buffer.paints)
    if page.focusMoved, let focused = page.focusedRect {
      if focused.y < offset.origin.y { offset.origin.y = focused.y }
      if focused.maxY > offset.origin.y + rect.height {
        offset.origin.y = focused.maxY - rect.height
      }
    }
    context.show(page, from: offset.origin, in: rect, into: &buffer)
    let redraw = context.displayRequest
    let command = KeyCommand("scroll", keys: [.up, .down, .left, .right], shownAs: "arrows")
    context.addCommand(command) { key in
      switch key {
      case .up: offset.origin.y -= 1
      case .down: offset.origin.y += 1
      case .left: offset.origin.x -= 1
      default: offset.origin.x += 1
      }
      redraw()
    }
  }
}

/// The screen's rows without their trailing blanks.
@MainActor
private func shown(_ backend: HeadlessBackend) -> [String] {
  backend.buffer.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
}

@MainActor
struct ThirdPartyScrollerTests {
  @Test func aScrollerOfOurOwnShowsTheRowsInViewAndRedrawsWhenItsKeysScroll() {
    let backend = HeadlessBackend(width: 10, height: 3)
    let app = Application(backend: backend) {
      Scroller(
        content: VStack { ForEach(0..<10) { Text("line\($0)") } },
        contentSize: Size(width: 10, height: 10))
    }
    app.renderIfNeeded()
    #expect(shown(backend) == ["line0", "line1", "line2"])
    app.handle([.down, .down])
    #expect(
      shown(backend) == ["line2", "line3", "line4"],
      "a key that changed only the remembered offset drew a frame")
  }

  @Test func tabToAControlOutOfViewScrollsItInAndAClickReachesTheOneShown() {
    var pressed: [Int] = []
    let backend = HeadlessBackend(width: 12, height: 3)
    let app = Application(backend: backend) {
      Scroller(
        content: VStack {
          ForEach(0..<8) { number in Button("b\(number)") { pressed.append(number) } }
        },
        contentSize: Size(width: 12, height: 8))
    }
    app.renderIfNeeded()
    app.handle(Array(repeating: .tab, count: 5))
    #expect(app.focusedIndex == 5)
    #expect(shown(backend) == ["[ b3 ]", "[ b4 ]", "[ b5 ]"])
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 2, y: 0)))])
    #expect(pressed == [3], "the click went to the button drawn there, not to b0")
  }

  @Test func aWideCharacterCutByTheViewsEdgeShowsAsABlank() {
    let backend = HeadlessBackend(width: 4, height: 1)
    let app = Application(backend: backend) {
      Scroller(content: Text("日本語"), contentSize: Size(width: 6, height: 1))
    }
    app.renderIfNeeded()
    app.handle([.right])
    #expect(backend.buffer.lines == [" 本 "])
  }
}
