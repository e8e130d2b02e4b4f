import Observation
import TerminalUI
import Testing

// A view's identity is where it is written (its place among its siblings, an element's id, a
// branch), never its label or the line of code that makes it: a view written once and used
// twice is two views, and a label that changes does not make a new one.

@MainActor
@Observable
private final class Form {
  var email = "ann@example.com"
  var isInvalid = false
  var showsFooter = false
}

private struct EmailForm: View {
  @Bindable var model: Form
  var body: some View {
    VStack {
      TextField(model.isInvalid ? "Email (invalid)" : "Email", text: $model.email)
    }
  }
}

/// A panel with a picker, shown twice.
private struct Chooser: View {
  @Bindable var model: Choice
  let row: Int
  var body: some View {
    Picker("Size", selection: $model.sizes[row], options: ["S", "M", "L"]) { $0 }
  }
}

@MainActor
@Observable
private final class Choice {
  var sizes = ["S", "S"]
}

@MainActor
struct StructuralIdentityTests {
  @Test func aViewWrittenOnceAndShownTwiceScrollsEachPlaceOnItsOwn() {
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        Lines(name: "a")
        Lines(name: "b")
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("a0"))
    #expect(backend.buffer.lines[3].hasPrefix("b0"))
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(backend.buffer.lines[0].hasPrefix("a3"), "the upper panel scrolled")
    #expect(backend.buffer.lines[3].hasPrefix("b0"), "the lower one did not")
  }

  @Test func aPickerWrittenOnceAndShownTwiceOpensOnlyWhereItIsChosen() {
    let model = Choice()
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        Chooser(model: model, row: 0)
        Chooser(model: model, row: 1)
      }
    }
    app.renderIfNeeded()
    app.handle([.enter])
    #expect(backend.buffer.lines.filter { $0.contains("Size:") }.count == 2)
    #expect(backend.buffer.lines.filter { $0.contains("M") }.count == 1, "one list open")
    app.handle([.down, .enter])
    #expect(model.sizes == ["M", "S"])
  }

  @Test func aFieldWhoseLabelChangesKeepsItsCursor() {
    let model = Form()
    let app = Application(backend: HeadlessBackend(width: 40, height: 4)) {
      EmailForm(model: model)
    }
    app.renderIfNeeded()
    app.handle([.home, .right, .right, .right])
    model.isInvalid = true
    app.renderIfNeeded()
    app.handle([.character("X")])
    #expect(model.email == "annX@example.com", "typed where the cursor was")
  }

  @Test func aButtonWhoseLabelChangesKeepsFocusWhenAControlAppearsBeforeIt() {
    let model = Form()
    var pressed: [String] = []
    let app = Application(backend: HeadlessBackend(width: 40, height: 6)) {
      VStack {
        if model.showsFooter { Button("Help") { pressed.append("help") } }
        Button("One") { pressed.append("one") }
        Button(model.isInvalid ? "Stop" : "Start") { pressed.append("start") }
      }
    }
    app.renderIfNeeded()
    app.handle([.tab])
    model.isInvalid = true
    model.showsFooter = true
    app.handle([.enter])
    #expect(pressed == ["start"])
  }
}

/// Ten lines under a name, in a scroll view: a view written once, shown in several places.
private struct Lines: View {
  let name: String
  var body: some View {
    ScrollView {
      for line in 0..<10 { Text("\(name)\(line)") }
    }
  }
}

@MainActor
@Observable
private final class Screens {
  var path: [Int] = []
  var showsSheet = false
  var tab = 0
}

@MainActor
struct ScreenIdentityTests {
  private let wheel = KeyEvent.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 2)))

  @Test func aPushedScreensScrollViewIsNotTheRoots() {
    let model = Screens()
    let backend = HeadlessBackend(width: 20, height: 5)
    let app = Application(backend: backend, showsHelpBar: false) {
      NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
        Lines(name: "root")
      } destination: { page in
        Lines(name: "page\(page)")
      }
    }
    app.renderIfNeeded()
    app.handle([wheel])
    #expect(backend.buffer.lines[1].hasPrefix("root3"))
    model.path.append(1)
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1].hasPrefix("page10"), "the pushed screen starts at its top")
    app.handle([.escape])
    #expect(backend.buffer.lines[1].hasPrefix("root3"), "the root kept its place")
  }

  @Test func aSheetsScrollViewIsNotTheScreensUnderIt() {
    let model = Screens()
    let backend = HeadlessBackend(width: 30, height: 7)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        Lines(name: "base")
      }
      .sheet(isPresented: Binding(get: { model.showsSheet }, set: { model.showsSheet = $0 })) {
        // Written as the screen's is, one stack down: the box's content is a stack of its own.
        Lines(name: "sheet")
      }
    }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(backend.buffer.lines[0].hasPrefix("base3"))
    model.showsSheet = true
    app.renderIfNeeded()
    // The screen's scroll bar, at the right edge, still shows its thumb at the bottom.
    #expect(
      backend.buffer.lines.map { $0.last } == ["│", "│", "│", "█", "█", "█", "█"],
      "the screen under the sheet stays put")
    #expect(backend.buffer.lines.contains { $0.contains("sheet0") }, "the sheet starts at its top")
    model.showsSheet = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("base3"))
  }

  @Test func eachTabKeepsItsOwnScrollOffset() {
    let model = Screens()
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: false) {
      TabView(selection: Binding(get: { model.tab }, set: { model.tab = $0 })) {
        Tab("A", value: 0) { Lines(name: "a") }
        Tab("B", value: 1) { Lines(name: "b") }
      }
    }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 3)))])
    #expect(backend.buffer.lines[2].hasPrefix("a3"))
    app.handle([.right])
    #expect(backend.buffer.lines[2].hasPrefix("b0"), "the other tab starts at its top")
    app.handle([.left])
    #expect(backend.buffer.lines[2].hasPrefix("a3"), "the first tab kept its place")
  }
}

@MainActor
@Observable
private final class Visibility {
  var showsLines = true
}

// What a view keeps lives as long as the view: gone and back, it starts afresh; covered,
// hidden in another tab or given no room for a while, it is kept.
@MainActor
struct ViewLifetimeTests {
  @Test func aScrollViewShownAgainByAnIfStartsAtItsTop() {
    let model = Visibility()
    let backend = HeadlessBackend(width: 20, height: 4)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        if model.showsLines { Lines(name: "x") }
      }
    }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(backend.buffer.lines[0].hasPrefix("x3"))
    model.showsLines = false
    app.renderIfNeeded()
    model.showsLines = true
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("x0"), "a new scroll view, at its top")
  }

  @Test func aScrollViewGivenNoRoomForAWhileKeepsItsOffset() {
    let backend = HeadlessBackend(width: 20, height: 5)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        Text("Header")
        Box(title: "Lines") { Lines(name: "x") }
      }
    }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 2, y: 2)))])
    #expect(backend.buffer.lines[2].hasPrefix("│x3"))
    for height in [2, 1, 0, 5] {
      backend.resize(to: Size(width: 20, height: height))
      app.handle([.resize(Size(width: 20, height: height))])
    }
    #expect(backend.buffer.lines[2].hasPrefix("│x3"), "scrolled as it was")
  }
}

@MainActor
@Observable
private final class Started {
  var names: [String] = []
}

/// A line that notes when its tasks start: one written twice on it.
private struct Announced: View {
  let name: String
  let started: Started
  var body: some View {
    Text(name)
      .task { started.names.append(name + ".inner") }
      .task { started.names.append(name + ".outer") }
  }
}

@MainActor
struct PlaceIdentityTests {
  @Test func everyTaskOfAViewWrittenOnceAndShownTwiceRuns() async {
    let started = Started()
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) {
      VStack {
        Announced(name: "a", started: started)
        Announced(name: "b", started: started)
      }
    }
    app.renderIfNeeded()
    let deadline = ContinuousClock.now + .seconds(5)
    while started.names.count < 4, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    #expect(started.names.sorted() == ["a.inner", "a.outer", "b.inner", "b.outer"])
  }

  @Test func twoForEachesOverTheSameIdsKeepTheirOwn() {
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        ForEach([1], id: \.self) { _ in Lines(name: "a") }
        ForEach([1], id: \.self) { _ in Lines(name: "b") }
      }
    }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(backend.buffer.lines[0].hasPrefix("a3"), "the first one scrolled")
    #expect(backend.buffer.lines[3].hasPrefix("b0"), "the second did not")
  }
}
