import Observation
import TerminalUI
import Testing

// Widgets a third party writes with the public API alone (this file imports TerminalUI without
// `@testable`): an input with a text cursor and a key of its own, and a container of two panes
// with a key that moves focus between them, commands of its own, and a zoom that hides one pane
// and keeps what it remembers.

/// A one-line input: its cursor is kept between frames in a box the view remembers.
private struct NameInput: Widget {
  let text: Binding<String>

  /// Where the cursor is, shared by the frame that draws it and the key handler.
  final class Cursor {
    var offset: Int?
  }
  struct CursorKey: Hashable {}
  static let start = KeyCommand("start", keys: [.home])

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let cursor = context.remembered(CursorKey()) { Cursor() }
    let text = text
    let control = context.addControl(
      takesText: true, consumes: TextEditing.isEditingKey, help: [Self.start]
    ) { key in
      var editing = TextEditing(
        text: text.wrappedValue, cursor: cursor.offset ?? text.wrappedValue.count)
      guard editing.handle(key) else { return false }
      if editing.text != text.wrappedValue { text.wrappedValue = editing.text }
      cursor.offset = editing.cursor
      return true
    }
    let shown = text.wrappedValue
    buffer.write("> " + shown, at: Position(x: rect.x, y: rect.y), clip: rect)
    if control.isFocused {
      let offset = min(cursor.offset ?? shown.count, shown.count)
      buffer.cursor = Position(x: rect.x + 2 + offset, y: rect.y)
    }
  }
}

/// Two panes side by side with a line between them; F6 moves focus to the other pane, Ctrl-S
/// swaps them, and F2 zooms the focused pane to the whole width (the other, hidden, keeps what
/// it remembers).
private struct SplitPane: Widget {
  enum Side: Hashable { case left, right }
  let focus: Binding<Side?>
  let swapped: Binding<Bool>
  let left: any View
  let right: any View

  final class Zoom {
    var isOn = false
  }
  struct ZoomKey: Hashable {}

  func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let (focus, swapped) = (focus, swapped)
    let zoom = context.remembered(ZoomKey()) { Zoom() }
    context.addCommand(KeyCommand("other pane", keys: [.function(6)])) { _ in
      focus.wrappedValue = focus.wrappedValue == .left ? .right : .left
    }
    context.addCommand(KeyCommand("swap", keys: [.ctrl("s")])) { _ in
      swapped.wrappedValue.toggle()
    }
    let redraw = context.displayRequest
    context.addCommand(KeyCommand("zoom", keys: [.function(2)])) { _ in
      zoom.isOn.toggle()
      redraw()
    }
    if zoom.isOn, let side = focus.wrappedValue {
      context.keepRemembered(under: side == .left ? Side.right : .left)
      context.scoped(side) {
        context.render(
          (side == .left ? left : right).focused(focus, equals: side), in: rect, into: &buffer)
      }
      return
    }
    let half = rect.width / 2
    let panes: [(Side, any View)] =
      swapped.wrappedValue
      ? [(.right, right), (.left, left)] : [(.left, left), (.right, right)]
    for (offset, (side, pane)) in panes.enumerated() {
      let area = Rect(
        x: rect.x + offset * (half + 1), y: rect.y, width: half, height: rect.height)
      // Each pane is a view of its own wherever it is drawn: its cursor follows it.
      context.scoped(side) {
        context.render(pane.focused(focus, equals: side), in: area, into: &buffer)
      }
    }
    for row in 0..<rect.height {
      buffer.write("│", at: Position(x: rect.x + half, y: rect.y + row), clip: rect)
    }
  }
}

@MainActor
@Observable
private final class Panes {
  var left = "ann"
  var right = "bob"
  var focus: SplitPane.Side? = .left
  var swapped = false
}

@MainActor
struct ThirdPartyWidgetTests {
  private func app(_ model: Panes) -> (Application, HeadlessBackend) {
    let backend = HeadlessBackend(width: 40, height: 3)
    let app = Application(backend: backend, showsHelpBar: true) {
      SplitPane(
        focus: Binding(get: { model.focus }, set: { model.focus = $0 }),
        swapped: Binding(get: { model.swapped }, set: { model.swapped = $0 }),
        left: NameInput(text: Binding(get: { model.left }, set: { model.left = $0 })),
        right: NameInput(text: Binding(get: { model.right }, set: { model.right = $0 })))
    }
    app.renderIfNeeded()
    return (app, backend)
  }

  @Test func anInputOfOurOwnEditsAtItsCursorAndShowsIt() {
    let model = Panes()
    let (app, backend) = app(model)
    #expect(backend.buffer.cursor == Position(x: 5, y: 0))
    app.handle([.left, .left, .character("X")])
    #expect(model.left == "aXnn")
    #expect(backend.buffer.cursor == Position(x: 4, y: 0))
  }

  @Test func aContainerOfOurOwnMovesFocusBetweenItsPanesAndListsItsCommands() {
    let model = Panes()
    let (app, _) = app(model)
    #expect(app.helpText.contains("f6 other pane"))
    #expect(app.helpText.contains("ctrl-s swap"))
    #expect(app.helpText.hasPrefix("home start"), "the focused input's key, listed first")
    app.handle([.home, .function(6), .character("!")])
    #expect(model.focus == .right)
    #expect(model.right == "bob!", "each pane's input has a cursor of its own")
  }

  @Test func aPaneKeepsItsCursorWhenThePanesSwapPlaces() {
    let model = Panes()
    let (app, backend) = app(model)
    app.handle([.home, .function(6), .ctrl("s")])
    #expect(model.swapped)
    #expect(backend.buffer.lines[0].hasPrefix("> bob"))
    app.handle([.function(6), .character("Y")])
    #expect(model.left == "Yann", "the left pane, now on the right, kept its cursor")
  }

  @Test func aZoomedPaneHidesTheOtherWhichKeepsItsCursor() {
    let model = Panes()
    let (app, backend) = app(model)
    app.handle([.home, .function(6), .function(2)])
    #expect(backend.buffer.lines[0].hasPrefix("> bob"), "the right pane fills the width")
    #expect(!backend.buffer.lines[0].contains("│"))
    // A frame drawn zoomed, from keys that laid out nothing else: only the right pane drawn.
    app.handle([.character("!")])
    app.handle([.function(2), .function(6), .character("Z")])
    #expect(model.right == "bob!")
    #expect(model.left == "Zann", "the left pane, hidden while zoomed, kept its cursor")
  }
}
