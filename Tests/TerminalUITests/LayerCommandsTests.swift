import TerminalUI
import Testing

// A layer over the app that takes every key names its commands: while it has the keys, the help
// bar lists those (and Ctrl-C), never the screen's keys, which would not reach the screen.

/// Takes every key while open, as an inspector with the keys does.
@MainActor
private final class Ruler: KeyInterceptor {
  var isOpen = false
  var seen: [KeyEvent] = []

  func intercept(_ key: KeyEvent, in app: Application) -> Bool {
    if key == .function(2) {
      isOpen.toggle()
      return true
    }
    guard isOpen else { return false }
    seen.append(key)
    return true
  }

  func didRoute(_ key: KeyEvent, in app: Application) {}

  func commands(in app: Application) -> [KeyCommand]? {
    isOpen
      ? [
        KeyCommand("measure", keys: [.left, .right], shownAs: "←/→"),
        KeyCommand("", keys: [.home, .end]),
        KeyCommand("close", keys: [.function(2)]),
        KeyCommand("measure", keys: [.character("["), .character("]")], isListed: false),
      ] : nil
  }
}

/// Takes F2 only, naming no commands.
@MainActor
private final class Silent: KeyInterceptor {
  func intercept(_ key: KeyEvent, in app: Application) -> Bool { key == .function(2) }
  func didRoute(_ key: KeyEvent, in app: Application) {}
}

/// A pager of our own: one command, two keys, one entry in the help.
private struct Pager: Widget {
  let page: Binding<Int>

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(8, proposal.width), height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let page = page
    context.addCommand(KeyCommand("page", keys: [.left, .right], shownAs: "←/→")) { key in
      page.wrappedValue += key == .left ? -1 : 1
    }
    context.addCommand(KeyCommand("first", keys: [.home], isListed: false)) { _ in
      page.wrappedValue = 1
    }
    buffer.write("page \(page.wrappedValue)", at: Position(x: rect.x, y: rect.y), clip: rect)
  }
}

@MainActor
struct LayerCommandsTests {
  @Test func aWidgetsCommandRunsOnEachOfItsKeysAndIsListedOnce() {
    var page = 5
    let backend = HeadlessBackend(width: 40, height: 3)
    let app = Application(backend: backend, showsHelpBar: true) {
      Pager(page: Binding(get: { page }, set: { page = $0 }))
    }
    app.renderIfNeeded()
    #expect(app.helpText == "←/→ page  ? help  ctrl-c quit")
    app.handle([.right, .right, .left])
    #expect(page == 6)
    app.handle([.home])
    #expect(page == 1, "an unlisted command runs too")
    #expect(backend.buffer.lines[2].hasPrefix("←/→ page  ? help"))
  }

  private func app(_ interceptor: any KeyInterceptor) -> (Application, HeadlessBackend) {
    var count = 0
    let backend = HeadlessBackend(width: 60, height: 3)
    let app = Application(backend: backend, showsHelpBar: true) {
      Text("\(count)")
        .keys(KeyTable { KeyBinding(.character("+"), "increment", ()) }) { _ in count += 1 }
    }
    app.keyInterceptors.append(interceptor)
    app.renderIfNeeded()
    return (app, backend)
  }

  @Test func whileALayerHasTheKeysTheHelpBarListsItsCommandsOnly() {
    let ruler = Ruler()
    let (app, backend) = app(ruler)
    #expect(app.helpText.hasPrefix("+ increment"))
    app.handle([.function(2)])
    #expect(app.helpText == "←/→ measure  home/end  f2 close  ctrl-c quit")
    #expect(backend.buffer.lines[2].hasPrefix("←/→ measure  home/end  f2 close  ctrl-c quit"))
    app.handle([.character("+"), .function(2)])
    #expect(ruler.seen == [.character("+")])
    #expect(app.helpText.hasPrefix("+ increment"), "closed, the screen's keys are back")
  }

  @Test func theCommandPaletteAndTheHelpOverlayListTheirOwnKeysWhileTheyShow() {
    let (app, _) = app(Silent())
    app.handle([.ctrl("p")])
    #expect(app.helpText == "↑/↓ choose  enter run  esc close  ctrl-c quit")
    app.handle([.escape, .character("?")])
    #expect(app.helpText == "esc/? close  ctrl-c quit")
    app.handle([.character("?")])
    #expect(app.helpText.hasPrefix("+ increment"))
  }

  @Test func aLayerThatNamesNoCommandsLeavesTheScreensKeysListed() {
    let (app, _) = app(Silent())
    app.handle([.function(2)])
    #expect(app.helpText.hasPrefix("+ increment"))
  }

  @Test func whileALayerHasTheKeysNoCursorShowsInTheScreensField() {
    var text = "abc"
    let backend = HeadlessBackend(width: 30, height: 3)
    let app = Application(backend: backend) {
      TextField("Name", text: Binding(get: { text }, set: { text = $0 }))
    }
    let ruler = Ruler()
    app.keyInterceptors.append(ruler)
    app.renderIfNeeded()
    #expect(backend.buffer.cursor == Position(x: 3, y: 0))
    app.handle([.function(2)])
    #expect(backend.buffer.cursor == nil, "typing goes to the layer")
    app.handle([.function(2)])
    #expect(backend.buffer.cursor == Position(x: 3, y: 0))
  }

  @Test func aCommandIsListedAsItsKeysAndName() {
    #expect(KeyCommand("export", keys: [.character("e")]).helpText == "e export")
    #expect(KeyCommand("", keys: [.pageUp, .pageDown]).helpText == "pgup/pgdn")
    #expect(KeyCommand("step", keys: [.left], shownAs: "←").keyLabel == "←")
  }
}
