import TerminalUI
import TerminalUITesting
import Testing

// Widgets written against the public protocol, as a user of the library writes them: the
// examples of the `Widget` and `RenderContext` documentation, verbatim, and one that keeps a
// value between frames.

private struct CheckMark: Widget {
  let isOn: Binding<Bool>

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(3, proposal.width), height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let isOn = isOn
    let control = context.addControl { key in
      guard key == .character(" ") else { return false }
      isOn.wrappedValue.toggle()
      return true
    }
    if control.isFocused { context.addHelp(key: "space", label: "flip") }
    buffer.write(
      isOn.wrappedValue ? "[x]" : "[ ]", at: Position(x: rect.x, y: rect.y),
      style: Style(reverse: control.isFocused), clip: rect)
  }
}

private struct Banner: Widget {
  let content: any View

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    let inner = context.measure(
      content, proposal: Size(width: proposal.width, height: max(0, proposal.height - 2)))
    return Size(width: proposal.width, height: min(proposal.height, inner.height + 2))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let line = String(repeating: "=", count: rect.width)
    buffer.write(line, at: Position(x: rect.x, y: rect.y), clip: rect)
    buffer.write(line, at: Position(x: rect.x, y: rect.maxY - 1), clip: rect)
    context.render(content, in: rect.inset(top: 1, bottom: 1), into: &buffer)
  }
}

/// Counts the frames it was drawn in; `+` skips.
private struct FrameCounter: Widget {
  struct Frames: Hashable {}
  var skip: @MainActor () -> Void = {}

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(8, proposal.width), height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let frames = (context.remembered(Frames(), as: Int.self) ?? 0) + 1
    context.remember(frames, forKey: Frames())
    context.addShortcut(.character("+"), help: "skip", action: skip)
    buffer.write("frame \(frames)", at: Position(x: rect.x, y: rect.y), clip: rect)
  }
}

@MainActor
struct WidgetProtocolTests {
  @Test func aWidgetOfOurOwnTakesFocusHandlesItsKeysAndListsThem() {
    var isOn = false
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: true) {
      Banner(
        content: VStack {
          CheckMark(isOn: Binding(get: { isOn }, set: { isOn = $0 }))
          Button("Next") {}
        })
    }
    app.renderIfNeeded()
    #expect(
      backend.buffer.lines.prefix(4) == [
        "====================", "[ ]                 ", "[ Next ]            ",
        "====================",
      ])
    #expect(backend.buffer[0, 1].style.reverse, "the check mark has focus")
    #expect(app.helpText.hasPrefix("space flip  tab focus"))
    app.handle([.character(" ")])
    #expect(isOn)
    #expect(backend.buffer.lines[1].hasPrefix("[x]"))
    app.handle([.tab, .character(" ")])
    #expect(isOn, "the button does not use Space")
    #expect(!app.helpText.contains("flip"), "the check mark lists its key only while focused")
    #expect(app.focusableCount == 2)
  }

  @Test func aWidgetKeepsValuesBetweenFramesOfAnApplication() {
    var skips = 0
    let backend = HeadlessBackend(width: 10, height: 1)
    let app = Application(backend: backend) { FrameCounter { skips += 1 } }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("frame 1"))
    app.setNeedsDisplay()
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("frame 2"))
    app.handle([.character("+")])
    #expect(skips == 1)
    #expect(app.helpText.hasPrefix("+ skip"))
  }

  @Test func outsideAnApplicationNothingRegistersOrIsRemembered() {
    #expect(
      RenderContext().measure(Text("Hello"), proposal: Size(width: 3, height: 2))
        == Size(width: 3, height: 2))
    #expect(RenderContext().isFlexible(Spacer()))
    #expect(!RenderContext().isFlexible(Text("a")))
    let drawn = render(CheckMark(isOn: .constant(true)), size: Size(width: 4, height: 1))
    #expect(drawn.lines == ["[x] "])
    #expect(!drawn[0, 0].style.reverse)
    #expect(render(FrameCounter(), size: Size(width: 8, height: 1)).lines == ["frame 1 "])
    #expect(render(FrameCounter(), size: Size(width: 8, height: 1)).lines == ["frame 1 "])
    var buffer = Buffer(size: Size(width: 10, height: 2))
    render(Text("Hi"), in: Rect(x: 2, y: 1, width: 8, height: 1), into: &buffer)
    #expect(buffer.lines == ["          ", "  Hi      "])
  }
}
