import Observation
import TerminalUI
import TerminalUITesting
import Testing

// A scroll view shows part of content taller than its room: focus moving out of view scrolls
// it, PgUp/PgDn/Home/End and the wheel scroll it, clicks reach what is in view, and a bar on the
// right shows where the view is.

@MainActor
@Observable
private final class Answers {
  var values = Array(repeating: "", count: 12)
  var pressed: [Int] = []
}

private struct Questionnaire: View {
  @Bindable var model: Answers

  var body: some View {
    VStack {
      Text("Twelve questions").bold()
      ScrollView {
        ForEach(Array(0..<12)) { index in
          HStack {
            Text("Q\(index + 1)")
            Button("Answer \(index + 1)") { model.pressed.append(index + 1) }
          }
        }
      }
      Text("End of form").dim()
    }
  }
}

@MainActor
private func makeApp() -> (Application, HeadlessBackend, Answers) {
  let model = Answers()
  let backend = HeadlessBackend(width: 24, height: 6)
  let app = Application(backend: backend, showsHelpBar: true) { Questionnaire(model: model) }
  app.renderIfNeeded()
  return (app, backend, model)
}

@MainActor
struct ScrollViewTests {
  @Test func theTopOfTheContentAndABarShowWhereTheViewIs() {
    let (_, backend, _) = makeApp()
    assertScreen(backend)
    #expect(backend.buffer.lines[1].hasPrefix("Q1 [ Answer 1 ]"))
    #expect(backend.buffer.lines[1].hasSuffix("█"))
    #expect(backend.buffer.lines[4].hasPrefix("End of form"))
  }

  @Test func tabbingOutOfViewScrollsTheFocusedControlIn() {
    let (app, backend, model) = makeApp()
    app.handle(Array(repeating: .tab, count: 5))
    #expect(app.focusedIndex == 5)
    #expect(backend.buffer.lines[3].hasPrefix("Q6 [ Answer 6 ]"))
    #expect(backend.buffer[3, 3].style.reverse)
    app.handle([.enter])
    #expect(model.pressed == [6])
    // Back up: the view follows focus up too.
    app.handle(Array(repeating: .backTab, count: 4))
    #expect(backend.buffer.lines[1].hasPrefix("Q2 [ Answer 2 ]"))
    assertScreen(backend, named: "focus-on-2")
  }

  @Test func pagingKeysAndTheWheelScrollWithoutMovingFocus() {
    let (app, backend, _) = makeApp()
    app.handle([.pageDown])
    #expect(backend.buffer.lines[1].hasPrefix("Q3 "))
    app.handle([.end])
    #expect(backend.buffer.lines[3].hasPrefix("Q12 "))
    #expect(backend.buffer.lines[3].hasSuffix("█"))
    app.handle([.home])
    #expect(backend.buffer.lines[1].hasPrefix("Q1 "))
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 2, y: 2)))])
    #expect(backend.buffer.lines[1].hasPrefix("Q4 "))
    app.handle([.mouse(MouseEvent(.scrollUp, at: Position(x: 2, y: 2)))])
    #expect(backend.buffer.lines[1].hasPrefix("Q1 "))
    #expect(app.focusedIndex == 0, "scrolling leaves focus where it was")
    #expect(app.helpText.contains("pgup/pgdn scroll"))
  }

  @Test func aClickReachesTheControlWhereItIsShown() {
    let (app, backend, model) = makeApp()
    app.handle([.end])
    // Row 2 shows Q11 after scrolling to the end.
    #expect(backend.buffer.lines[2].hasPrefix("Q11 [ Answer 11 ]"))
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 6, y: 2)))])
    #expect(model.pressed == [11])
    #expect(app.focusedIndex == 10)
    // The title above the view is not a control of the content.
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 6, y: 0)))])
    #expect(model.pressed == [11])
  }

  @Test func aClickOnTextInsideTakesNothingAndDrawsNoFrame() {
    let app = Application(backend: HeadlessBackend(width: 20, height: 3)) {
      ScrollView {
        for number in 0..<10 { Text("line \(number)") }
      }
    }
    app.renderIfNeeded()
    let frames = app.frameCount
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 1, y: 1)))])
    #expect(app.frameCount == frames, "nothing there takes a click")
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(app.frameCount == frames + 1, "the wheel scrolls it")
  }

  @Test func contentThatFitsShowsNoBarAndTakesNoKeys() {
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: true) {
      ScrollView { Text("short") }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0] == "short" + String(repeating: " ", count: 15))
    #expect(!app.helpText.contains("scroll"))
  }

  @Test func aListInsideGetsTheViewsHeightAndScrollsItself() {
    var selection: Int? = 0
    let backend = HeadlessBackend(width: 20, height: 5)
    let app = Application(backend: backend) {
      ScrollView {
        Text("Numbers")
        List(
          Array(0..<1_000), id: \.self,
          selection: Binding(get: { selection }, set: { selection = $0 })
        ) {
          Text("N\($0)")
        }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[4].hasPrefix("N3"))
    app.handle([.end])
    #expect(selection == 999)
    #expect(backend.buffer.lines[4].hasPrefix("N999"))
  }

  @Test func tinyScreensDoNotCrash() {
    for size in [Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 0, height: 0)] {
      let model = Answers()
      let backend = HeadlessBackend(width: size.width, height: size.height)
      let app = Application(backend: backend) { Questionnaire(model: model) }
      app.renderIfNeeded()
      app.handle([
        .tab, .tab, .pageDown, .end, .mouse(MouseEvent(.scrollDown, at: Position(x: 0, y: 0))),
      ])
    }
  }
}
