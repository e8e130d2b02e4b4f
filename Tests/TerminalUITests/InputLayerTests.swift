import TerminalUI
import Testing

// Keys go down a stack of input layers, top first: the tools laid over the app (the last added
// first), the `?` overlay and the command palette, then the screen. A command can be disabled:
// listed where the user looks for it, doing nothing.

/// A tool that takes every key while open, toggled by its own function key, noting what it
/// took and what it heard of after the layers under it.
@MainActor
private final class Tool: KeyInterceptor {
  let name: String
  let toggle: KeyEvent
  let log: Log
  var isOpen = false

  init(_ name: String, toggle: KeyEvent, log: Log) {
    self.name = name
    self.toggle = toggle
    self.log = log
  }

  func intercept(_ key: KeyEvent, in app: Application) -> Bool {
    if key == toggle {
      isOpen.toggle()
      return true
    }
    guard isOpen else { return false }
    log.lines.append("\(name) took \(keyName(key))")
    return true
  }

  func didRoute(_ key: KeyEvent, in app: Application) {
    log.lines.append("\(name) heard of \(keyName(key))")
  }

  func commands(in app: Application) -> [KeyCommand]? {
    isOpen ? [KeyCommand("close " + name, keys: [toggle])] : nil
  }
}

@MainActor
private final class Document {
  var canSave = false
  var saves = 0
}

@MainActor
private final class Log {
  var lines: [String] = []
}

/// A widget with a command that works only while `canSave` is true.
private struct Saver: Widget {
  let canSave: Bool
  let saved: @MainActor () -> Void

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(6, proposal.width), height: min(1, proposal.height))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let saved = saved
    context.addCommand(KeyCommand("save", keys: [.character("s")]).disabled(!canSave)) { _ in
      saved()
    }
    buffer.write("editor", at: Position(x: rect.x, y: rect.y), clip: rect)
  }
}

@MainActor
struct InputLayerTests {
  private func app(_ log: Log) -> (Application, Tool, Tool) {
    let app = Application(
      backend: HeadlessBackend(width: 60, height: 3), showsHelpBar: true,
      onKey: { key in
        log.lines.append("screen got \(keyName(key))")
        return true
      }
    ) { Text("app") }
    let ruler = Tool("ruler", toggle: .function(2), log: log)
    let picker = Tool("picker", toggle: .function(3), log: log)
    app.keyInterceptors.append(ruler)
    app.keyInterceptors.append(picker)
    app.renderIfNeeded()
    return (app, ruler, picker)
  }

  @Test func twoToolsOverTheAppEachTakeTheirOwnKeys() {
    let log = Log()
    let (app, ruler, picker) = app(log)
    app.handle([.function(2)])
    #expect(ruler.isOpen, "F2 passed the picker, added last, to reach the ruler")
    #expect(log.lines == ["picker heard of f2"])
    app.handle([.function(3)])
    #expect(picker.isOpen)
    log.lines = []
    app.handle([.character("x")])
    #expect(log.lines == ["picker took x"], "the last added sees a key first")
    app.handle([.function(3), .character("y")])
    #expect(log.lines == ["picker took x", "ruler took y", "picker heard of y"])
  }

  @Test func aKeyEveryLayerPassesReachesTheScreenAndEachToolHearsOfItInnermostFirst() {
    let log = Log()
    let (app, _, _) = app(log)
    app.handle([.character("x")])
    #expect(log.lines == ["screen got x", "ruler heard of x", "picker heard of x"])
  }

  @Test func theHelpBarListsTheTopmostLayerThatTakesEveryKey() {
    let (app, _, _) = app(Log())
    #expect(app.helpText == "? help  ctrl-c quit")
    app.handle([.function(2)])
    #expect(app.helpText == "f2 close ruler  ctrl-c quit")
    app.handle([.function(3)])
    #expect(app.helpText == "f3 close picker  ctrl-c quit", "not the ruler's keys, under it")
    app.handle([.function(3)])
    #expect(app.helpText == "f2 close ruler  ctrl-c quit")
  }

  @Test func aDisabledCommandDoesNothingAndOnlyTheOverlayAndThePaletteListIt() {
    let document = Document()
    var unused: [KeyEvent] = []
    let backend = HeadlessBackend(width: 40, height: 8)
    let app = Application(
      backend: backend, showsHelpBar: true,
      onKey: {
        unused.append($0); return true
      }
    ) {
      Saver(canSave: document.canSave) { document.saves += 1 }
    }
    app.renderIfNeeded()
    #expect(app.helpText == "? help  ctrl-c quit", "the bar lists what acts now")
    app.handle([.character("s")])
    #expect(document.saves == 0)
    #expect(unused == [.character("s")], "its key goes on as if the command were not there")

    app.handle([.character("?")])
    let row = backend.buffer.lines.firstIndex { $0.contains("│s    ") }
    #expect(row.map { backend.buffer.lines[$0].contains("save (unavailable)") } == true)
    if let row, let column = backend.buffer.lines[row].range(of: "save") {
      let x = backend.buffer.lines[row].distance(
        from: backend.buffer.lines[row].startIndex, to: column.lowerBound)
      #expect(backend.buffer[x, row].style == app.theme.muted)
    }

    app.handle([.character("?"), .ctrl("p"), .character("s"), .character("a"), .enter])
    #expect(app.isShowingCommandPalette, "Enter on a disabled command keeps the palette open")
    #expect(backend.buffer.lines.contains { $0.contains("save (unavailable)") })
    #expect(document.saves == 0)

    app.handle([.escape])
    document.canSave = true
    app.setNeedsDisplay()
    app.handle([.character("s")])
    #expect(document.saves == 1, "enabled, it runs")
    #expect(app.helpText == "s save  ? help  ctrl-c quit")
  }

  @Test func aDisabledButtonsShortcutIsListedAsUnavailableAndGoesOn() {
    var unused: [KeyEvent] = []
    var saves = 0
    let backend = HeadlessBackend(width: 40, height: 8)
    let app = Application(
      backend: backend,
      onKey: {
        unused.append($0); return true
      }
    ) {
      Button("Save", shortcut: .ctrl("s")) { saves += 1 }.disabled(true)
    }
    app.renderIfNeeded()
    #expect(!app.helpText.contains("save"))
    app.handle([.ctrl("s"), .character("?")])
    #expect(saves == 0)
    #expect(unused == [.ctrl("s")])
    #expect(
      backend.buffer.lines.contains { $0.contains("│ctrl-s ") && $0.contains("save (unavailable)") }
    )
  }
}
