import Observation
import TerminalUI
import TerminalUITesting
import Testing

// The mouse: a click focuses the control under the pointer and acts on it (a button presses, a
// toggle flips, a field takes the cursor there, a list row is chosen, a tab's title selects
// it); the wheel scrolls the list under it; what is covered by a modal sheet takes no click.

@MainActor
@Observable
private final class Form {
  var name = "Ada Lovelace"
  var subscribed = false
  var saved = 0
  var fruit: String? = "apple"
  var opened: [String] = []
  var tab = 1
  var showsSheet = false
  var closed = 0
  var topics: Set<String> = []
}

private struct FormView: View {
  @Bindable var model: Form

  var body: some View {
    TabView(selection: $model.tab) {
      Tab("Form", value: 1) {
        VStack {
          TextField("Name", text: $model.name)
          Toggle("Subscribe", isOn: $model.subscribed)
          HStack {
            Button("Save") { model.saved += 1 }
            Button("Sheet") { model.showsSheet = true }
            Button("Never") {}.disabled(true)
          }
          List(
            ["apple", "banana", "cherry", "date", "elder", "fig"], id: \.self,
            selection: $model.fruit, onActivate: { model.opened.append($0) }
          ) { Text($0) }
        }
        .sheet(isPresented: $model.showsSheet, title: "Sheet") {
          Button("Close") {
            model.closed += 1
            model.showsSheet = false
          }
        }
      }
      Tab("Topics", value: 2) {
        CheckboxList(["swift", "tca", "tui"], id: \.self, selection: $model.topics) { $0 }
      }
    }
  }
}

/// A view that takes the clicks nothing drawn over it uses, counting them, under its content.
private struct Backdrop: Widget {
  let content: any View
  let clicks: @MainActor () -> Void

  func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let clicks = clicks
    context.addMouseRegion(rect) { event in
      guard event.isClick else { return false }
      clicks()
      return true
    }
    context.render(content, in: rect, into: &buffer)
  }
}

/// How many clicks a backdrop got.
@MainActor
private final class Clicks {
  var count = 0
}

@MainActor
private func makeApp() -> (Application, HeadlessBackend, Form) {
  let model = Form()
  let backend = HeadlessBackend(width: 30, height: 8)
  let app = Application(backend: backend) { FormView(model: model) }
  app.renderIfNeeded()
  return (app, backend, model)
}

private func click(_ x: Int, _ y: Int) -> KeyEvent {
  .mouse(MouseEvent(.press(.left), at: Position(x: x, y: y)))
}

private func wheel(down: Bool, _ x: Int, _ y: Int) -> KeyEvent {
  .mouse(MouseEvent(down ? .scrollDown : .scrollUp, at: Position(x: x, y: y)))
}

@MainActor
struct MouseTests {
  @Test func theScreenAsTheMouseFindsIt() {
    let (_, backend, _) = makeApp()
    assertScreen(backend)
  }

  @Test func aClickOnAButtonFocusesAndPressesIt() {
    let (app, backend, model) = makeApp()
    // Row 2 is the field, 3 the toggle, 4 the buttons: `[ Save ] [ Sheet ] [ Never ]`.
    app.handle([click(3, 4)])
    #expect(model.saved == 1)
    #expect(app.focusedIndex == 2)
    #expect(backend.buffer[3, 4].style.reverse)
    app.handle([click(27, 4)])
    #expect(app.focusedIndex == 2, "a disabled button takes no click")
  }

  @Test func aClickOnAToggleFlipsIt() {
    let (app, _, model) = makeApp()
    app.handle([click(1, 3)])
    #expect(model.subscribed)
    #expect(app.focusedIndex == 1)
    app.handle([click(10, 3)])
    #expect(!model.subscribed)
  }

  @Test func aClickInAFieldPutsTheCursorThere() {
    let (app, backend, model) = makeApp()
    app.handle([.tab, click(3, 2)])
    #expect(app.focusedIndex == 0)
    #expect(backend.buffer.cursor == Position(x: 3, y: 2))
    app.handle([.character("!")])
    #expect(model.name == "Ada! Lovelace")
    // Past the end of the text, the cursor goes after the last character.
    app.handle([click(29, 2), .character("?")])
    #expect(model.name == "Ada! Lovelace?")
  }

  /// An application drawing `content` over a ``Backdrop``, and the clicks the backdrop got.
  private func overBackdrop(_ content: any View) -> (Application, Clicks) {
    let clicks = Clicks()
    let app = Application(backend: HeadlessBackend(width: 20, height: 6)) {
      Backdrop(content: content) { clicks.count += 1 }
    }
    app.renderIfNeeded()
    return (app, clicks)
  }

  @Test func aClickOnAListsEmptyRowsIsTheListsAndReachesNothingUnderIt() {
    var opened: [String] = []
    let (app, backdrop) = overBackdrop(
      List(
        ["apple", "fig"], id: \.self, selection: .constant(nil),
        onActivate: { opened.append($0) }
      ) { Text($0) })
    app.handle([click(2, 4)])
    #expect(opened.isEmpty)
    #expect(backdrop.count == 0)
    app.handle([click(2, 1)])
    #expect(opened == ["fig"])
  }

  @Test func aClickBelowACheckboxListsOptionsIsTheListsAndReachesNothingUnderIt() {
    var checked: Set<String> = []
    let (app, backdrop) = overBackdrop(
      CheckboxList(
        ["apple", "fig"], id: \.self,
        selection: Binding(get: { checked }, set: { checked = $0 })
      ) { $0 })
    app.handle([click(2, 4)])
    #expect(checked.isEmpty)
    #expect(backdrop.count == 0)
    app.handle([click(2, 1)])
    #expect(checked == ["fig"])
  }

  @Test func aClickOnARowChoosesAndOpensItAndTheWheelMovesTheSelection() {
    let (app, backend, model) = makeApp()
    app.handle([click(2, 6)])
    #expect(model.fruit == "banana")
    #expect(model.opened == ["banana"])
    #expect(app.focusedIndex == 4)
    app.handle([wheel(down: true, 2, 5), wheel(down: true, 2, 5), wheel(down: true, 2, 5)])
    #expect(model.fruit == "elder")
    #expect(backend.buffer.lines[5...7].map { $0.prefix(6) } == ["cherry", "date  ", "elder "])
    app.handle([wheel(down: false, 2, 5)])
    #expect(model.fruit == "date")
    // A click on a row shown after scrolling picks that row.
    app.handle([click(2, 5)])
    #expect(model.opened == ["banana", "cherry"])
    // The wheel over something that does not scroll does nothing.
    app.handle([wheel(down: true, 3, 4)])
    #expect(model.fruit == "cherry")
  }

  @Test func aClickOnATabsTitleSelectsItAndOnAnOptionChecksIt() {
    let (app, backend, model) = makeApp()
    app.handle([click(12, 0)])
    #expect(model.tab == 2)
    #expect(backend.buffer.lines[2].hasPrefix("[ ] swift"))
    app.handle([click(1, 3)])
    #expect(model.topics == ["tca"])
    app.handle([click(2, 0)])
    #expect(model.tab == 1)
  }

  @Test func underASheetOnlyTheSheetTakesClicks() {
    let (app, backend, model) = makeApp()
    app.handle([click(12, 4)])
    #expect(model.showsSheet)
    // The sheet's box covers rows 3 to 5 from column 1; around it, the form shows dimmed.
    #expect(backend.buffer.lines[4].hasPrefix("[│[ Close ]"))
    app.handle([click(0, 3), click(3, 2), click(2, 6), click(12, 0), wheel(down: true, 2, 6)])
    #expect(!model.subscribed && model.tab == 1 && model.fruit == "apple" && model.opened == [])
    #expect(model.showsSheet)
    app.handle([click(3, 4)])
    #expect(model.closed == 1 && !model.showsSheet)
  }

  @Test func aClickClosesTheHelpOverlayAndDoesNothingElse() {
    let (app, _, model) = makeApp()
    app.handle([.tab, .tab, .character("?")])
    #expect(app.isShowingHelp)
    app.handle([click(3, 4)])
    #expect(!app.isShowingHelp)
    #expect(model.saved == 0)
  }

  @Test func releasesDragsAndOtherButtonsDoNothing() {
    let (app, _, model) = makeApp()
    app.handle([
      .mouse(MouseEvent(.press(.right), at: Position(x: 3, y: 4))),
      .mouse(MouseEvent(.drag(.left), at: Position(x: 3, y: 4))),
      .mouse(MouseEvent(.release, at: Position(x: 3, y: 4))),
    ])
    #expect(model.saved == 0)
    #expect(app.focusedIndex == 0)
  }

  @Test func clicksTravelOnTapes() async throws {
    let tape = try KeyTape(parsing: "click 3,4\nscroll down 2,6\nmouse press-right 1,1\n")
    #expect(
      tape.steps == [
        .keys([click(3, 4), .mouse(MouseEvent(.release, at: Position(x: 3, y: 4)))]),
        .keys([wheel(down: true, 2, 6)]),
        .keys([.mouse(MouseEvent(.press(.right), at: Position(x: 1, y: 1)))]),
      ])
    #expect(try KeyTape(parsing: tape.text) == tape)
    #expect(tape.text == "click 3,4\nscroll down 2,6\nmouse press-right 1,1\n")
    let (app, backend, model) = makeApp()
    await replay(tape, in: app, backend: backend, testName: "unused")
    #expect(model.saved == 1)
    #expect(model.fruit == "banana")
  }

  @Test func badMouseLinesSayWhatIsExpected() throws {
    #expect(
      throws: KeyTape.ParseError(line: 1, message: "click needs a cell X,Y like 4,2 (got \"3\")")
    ) {
      try KeyTape(parsing: "click 3")
    }
    #expect(
      throws: KeyTape.ParseError(
        line: 2, message: "scroll needs up or down and a cell, like scroll down 4,2")
    ) {
      try KeyTape(parsing: "# wheel\nscroll sideways 1,1")
    }
    #expect(throws: KeyTape.ParseError.self) { try KeyTape(parsing: "mouse wiggle 1,1") }
    #expect(throws: KeyTape.ParseError.self) { try KeyTape(parsing: "click -1,2") }
    #expect(try KeyTape(parsing: "click 9999,9999").steps.count == 1, "the last cell a tape takes")
    #expect(
      throws: KeyTape.ParseError(
        line: 1, message: "click needs a cell X,Y like 4,2 (got \"10000,0\")")
    ) {
      try KeyTape(parsing: "click 10000,0")
    }
    #expect(throws: KeyTape.ParseError.self) { try KeyTape(parsing: "click 0,10000") }
  }

  @Test func aClickInAFieldScrolledToItsEndPutsTheCursorOnTheCharacterUnderThePointer() {
    var text = "abcdefgh"
    let backend = HeadlessBackend(width: 5, height: 1)
    let app = Application(backend: backend) {
      TextField("Title", text: Binding(get: { text }, set: { text = $0 }))
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0] == "efgh ", "the tail, and a column for the cursor")
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 0, y: 0))), .character("X")])
    #expect(text == "abcdXefgh", "before the e shown in the first column")
  }
}
