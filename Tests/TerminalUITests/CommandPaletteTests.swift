import Observation
import TerminalUI
import TerminalUITesting
import Testing

// Ctrl-P: the commands that act now, filtered as you type, run with Enter or a click.

@MainActor
@Observable
private final class Monitor {
  var filter = ""
  var killed = 0
  var opened = 0
  var renamed = 0
  var quit = 0
}

private struct MonitorScreen: View {
  @Bindable var model: Monitor
  static let keys = KeyTable<String> {
    KeyBinding(.character("k"), "kill", "kill")
    KeyBinding(.character("o"), "open", "open")
    KeyBinding(.ctrl("r"), "rename", "rename")
  }
  var body: some View {
    VStack {
      TextField("Filter", text: $model.filter)
      Button("Refresh") {}
      Text("killed \(model.killed) opened \(model.opened) renamed \(model.renamed)")
    }
    .keys(Self.keys) { action in
      switch action {
      case "kill": model.killed += 1
      case "open": model.opened += 1
      default: model.renamed += 1
      }
    }
  }
}

@MainActor
private func makeApp() -> (Application, HeadlessBackend, Monitor) {
  let model = Monitor()
  let backend = HeadlessBackend(width: 60, height: 14)
  let app = Application(
    backend: backend, showsHelpBar: true, globalKeys: [("q", "quit")],
    onKey: { key in
      guard key == .character("q") else { return false }
      model.quit += 1
      return true
    }
  ) { MonitorScreen(model: model) }
  app.renderIfNeeded()
  return (app, backend, model)
}

/// The palette's rows, the query's first: the text between the box's sides.
@MainActor
private func paletteRows(_ backend: HeadlessBackend) -> [String] {
  backend.buffer.lines.compactMap { line in
    let parts = line.split(separator: "│", omittingEmptySubsequences: false)
    return parts.count == 3 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
  }
}

@MainActor
struct CommandPaletteTests {
  @Test func ctrlPListsTheCommandsThatActNowThoseAFocusedFieldHidesIncluded() {
    let (app, backend, _) = makeApp()
    app.handle([.ctrl("p")])
    #expect(app.isShowingCommandPalette)
    assertScreen(backend, named: "open")
  }

  @Test func typingFiltersByCharactersInOrderAndEnterRunsTheFirstMatch() {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p"), .character("k"), .character("l")])
    #expect(paletteRows(backend) == ["> kl", "k       kill"])
    app.handle([.enter])
    #expect(model.killed == 1, "the screen's k ran, although the field has focus")
    #expect(model.filter == "", "nothing was typed into the field")
    #expect(!app.isShowingCommandPalette)
    #expect(app.focusedIndex == 0, "focus stays where it was")
  }

  @Test func downChoosesTheNextCommandAndBackspaceWidensTheFilter() {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p"), .character("o"), .character("p")])
    #expect(paletteRows(backend) == ["> op", "o       open"])
    app.handle([.backspace])
    #expect(paletteRows(backend) == ["> o", "o       open", "esc     leave field for k o"])
    app.handle([.down, .enter])
    #expect(model.opened == 0)
    #expect(app.focusedIndex == -1, "the second match of o ran: Esc left the field")
  }

  @Test func upChoosesThePreviousCommandAndStopsAtTheFirst() {
    let (app, _, model) = makeApp()
    app.handle([.ctrl("p"), .character("o"), .down, .up, .enter])
    #expect(model.opened == 1, "back on the first match")
    app.handle([.ctrl("p"), .character("o"), .up, .up, .enter])
    #expect(model.opened == 2, "↑ on the first match stays there")
  }

  @Test func aPasteIntoTheFilterKeepsItsTextWithoutItsLineBreaks() {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p"), .paste("ki\nll\r\n")])
    #expect(paletteRows(backend) == ["> kill", "k       kill"])
    app.handle([.enter])
    #expect(model.killed == 1)
  }

  @Test func onAScreenTooShortForTheBoxTheCursorIsHidden() {
    let model = Monitor()
    for height in 1...3 {
      let backend = HeadlessBackend(width: 40, height: height)
      let app = Application(backend: backend) { MonitorScreen(model: model) }
      app.renderIfNeeded()
      app.handle([.ctrl("p"), .character("k")])
      #expect(app.isShowingCommandPalette)
      if let cursor = backend.buffer.cursor {
        #expect(cursor.y < height - 1 && cursor.y > 0, "inside the box, on the query's row")
      }
    }
  }

  @Test func escClosesThePaletteWithoutRunningAnything() {
    let (app, _, model) = makeApp()
    app.handle([.ctrl("p"), .character("k"), .escape])
    #expect(!app.isShowingCommandPalette)
    #expect(model.killed == 0)
    #expect(model.filter == "")
    app.handle([.character("k")])
    #expect(model.filter == "k", "the field has the keys again")
  }

  @Test func aFilterNothingMatchesSaysSoAndEnterDoesNothing() {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p")] + Array("zzz").map { .character($0) } + [.enter])
    #expect(app.isShowingCommandPalette)
    #expect(paletteRows(backend) == ["> zzz", "No command matches"])
    #expect(model.killed + model.opened + model.renamed + model.quit == 0)
  }

  @Test func theApplicationsOwnKeysRunFromThePaletteToo() {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p")] + Array("quit").map { .character($0) })
    #expect(paletteRows(backend) == ["> quit", "ctrl-c  quit", "q       quit"])
    app.handle([.down, .enter])
    #expect(model.quit == 1)
    #expect(!app.isFinished)
    #expect(model.filter == "")
  }

  @Test func aClickOnACommandRunsItAndAClickElsewhereCloses() throws {
    let (app, backend, model) = makeApp()
    app.handle([.ctrl("p"), .character("o"), .character("p"), .character("e")])
    let row = try #require(backend.buffer.lines.firstIndex { $0.contains("│o       open") })
    let column = try #require(backend.buffer.lines[row].firstRange(of: "open")).lowerBound
    let x = backend.buffer.lines[row].distance(
      from: backend.buffer.lines[row].startIndex, to: column)
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: x, y: row)))])
    #expect(model.opened == 1)
    #expect(!app.isShowingCommandPalette)
    app.handle([.ctrl("p"), .mouse(MouseEvent(.press(.left), at: Position(x: 0, y: 0)))])
    #expect(!app.isShowingCommandPalette)
    #expect(model.opened == 1)
  }

  @Test func theHelpOverlayListsCtrlP() {
    let (app, backend, _) = makeApp()
    app.handle([.tab, .character("?")])
    #expect(app.isShowingHelp)
    #expect(backend.buffer.lines.contains { $0.contains("ctrl-p     commands") })
  }
}

extension CommandPaletteTests {
  @Test func enterListedForTheFocusedButtonPressesItNotTheScreensEnter() {
    let model = Monitor()
    let backend = HeadlessBackend(width: 60, height: 14)
    let app = Application(backend: backend) {
      VStack {
        Button("Open") { model.opened += 1 }
        Button("Kill", shortcut: .enter) { model.killed += 1 }
      }
    }
    app.renderIfNeeded()
    #expect(app.focusedIndex == 0)
    app.handle([.ctrl("p")] + Array("enter").map { .character($0) })
    #expect(paletteRows(backend) == ["> enter", "enter   activate"])
    app.handle([.enter])
    #expect(model.opened == 1, "the focused button, as Enter would")
    #expect(model.killed == 0)
  }
}
