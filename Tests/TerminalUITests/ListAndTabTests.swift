import Observation
import TerminalUI
import TerminalUITesting
import Testing

private struct Fruit: Identifiable, Equatable {
  let id: Int
  let name: String
}

private let fruits = [
  "Apple", "りんご", "Banana 🍌", "Cherry", "Date", "Elderberry", "Fig", "Grape", "e\u{301}clair",
  "Honeydew",
].enumerated().map { Fruit(id: $0.offset, name: $0.element) }

@MainActor
@Observable
private final class Selection {
  var value: Int?
  var activated: [Int] = []
  var topics: Set<String> = []
  var note = "note"
  var binding: Binding<Int?> { Binding(get: { self.value }, set: { self.value = $0 }) }
  var topicsBinding: Binding<Set<String>> {
    Binding(get: { self.topics }, set: { self.topics = $0 })
  }
}

@MainActor
struct ListAndTabTests {
  @Test func arrowsPagesAndEndsMoveTheSelectionAndTheListScrollsToShowIt() {
    let selection = Selection()
    let backend = HeadlessBackend(width: 20, height: 4)
    let app = Application(backend: backend) {
      List(fruits, selection: selection.binding, onActivate: { selection.activated.append($0) }) {
        Text($0.name)
      }
    }
    app.renderIfNeeded()
    app.handle([.down])
    #expect(selection.value == 0)
    app.handle([.down, .down, .down, .down])
    #expect(selection.value == 4)
    #expect(backend.buffer.lines[3].hasPrefix("Date"))
    assertScreen(backend, named: "scrolled")
    app.handle([.pageDown])
    #expect(selection.value == 8)
    app.handle([.end])
    #expect(selection.value == 9)
    #expect(backend.buffer.lines[3].hasPrefix("Honeydew"))
    #expect(backend.buffer.lines[0].hasSuffix("↑"), "rows above")
    #expect(!backend.buffer.lines[3].hasSuffix("↓"), "at the end: no row below")
    app.handle([.up, .home])
    #expect(selection.value == 0)
    #expect(backend.buffer.lines[0].hasPrefix("Apple"))
    app.handle([.pageUp, .enter])
    #expect(selection.activated == [0])
  }

  @Test func aListShowsWideAndCombiningRowsAndItsPlaceholderWhenEmpty() {
    let selection = Selection()
    selection.value = 2
    assertScreen(
      List(fruits, selection: selection.binding) { Text($0.name) }, width: 12, height: 10,
      named: "narrow")
    assertScreen(
      List([Fruit](), selection: selection.binding, emptyText: "No fruit") { Text($0.name) },
      width: 12, height: 2, named: "empty")
    let tiny = render(
      List(fruits, selection: selection.binding) { Text($0.name) }, size: Size(width: 1, height: 1))
    #expect(tiny.lines.count == 1)
  }

  @Test func aCheckboxListDrawnOutsideAnApplicationHighlightsNothing() {
    // Nothing has focus outside an application: no row is drawn selected.
    let selection = Selection()
    let buffer = render(
      CheckboxList(["Swift", "Rust"], id: \.self, selection: selection.topicsBinding) { $0 },
      size: Size(width: 12, height: 2))
    #expect(buffer.lines == ["[ ] Swift   ", "[ ] Rust    "])
    #expect(buffer.cells.allSatisfy { $0.style == .plain })
  }

  @Test func aCheckboxListTogglesTheHighlightedOptionWithSpaceOrEnter() {
    let selection = Selection()
    let backend = HeadlessBackend(width: 20, height: 3)
    let app = Application(backend: backend) {
      CheckboxList(["Swift", "Rust", "Go", "Zig"], id: \.self, selection: selection.topicsBinding) {
        $0
      }
    }
    app.renderIfNeeded()
    app.handle([.character(" "), .down, .down, .enter])
    #expect(selection.topics == ["Swift", "Go"])
    app.handle([.up, .up, .character(" ")])
    #expect(selection.topics == ["Go"])
    app.handle([.end])
    assertScreen(backend, named: "scrolled")
  }

  @Test func downPastACheckboxListsLastOptionStaysThereSoUpLeavesIt() {
    let selection = Selection()
    let app = Application(backend: HeadlessBackend(width: 20, height: 3)) {
      CheckboxList(["Swift", "Rust", "Go"], id: \.self, selection: selection.topicsBinding) { $0 }
    }
    app.renderIfNeeded()
    app.handle(Array(repeating: .down, count: 5) + [.up, .character(" ")])
    #expect(selection.topics == ["Rust"])
  }

  @Test func tabsSwitchWithArrowsAndNumbersAndOnlyTheSelectedTabIsDrawn() {
    let tab = Selection()
    tab.value = 0
    var built: [String] = []
    let backend = HeadlessBackend(width: 40, height: 5)
    let app = Application(backend: backend) {
      TabView(selection: Binding(get: { tab.value ?? 0 }, set: { tab.value = $0 })) {
        Tab("Counter", value: 0) {
          Text("counter content")
          let _ = built.append("counter")
        }
        Tab("Profile", value: 1) {
          Text("profile content")
          let _ = built.append("profile")
        }
      }
    }
    app.renderIfNeeded()
    #expect(built == ["counter"])
    assertScreen(backend, named: "counter")
    app.handle([.right])
    #expect(tab.value == 1)
    #expect(backend.buffer.lines[2].hasPrefix("profile content"))
    app.handle([.left, .character("2")])
    #expect(tab.value == 1)
    app.handle([.character("1")])
    #expect(tab.value == 0)
    let narrow = HeadlessBackend(width: 12, height: 3)
    Application(backend: narrow) {
      TabView(selection: .constant(1)) {
        Tab("Counter", value: 0) { Text("c") }
        Tab("Profile", value: 1) { Text("p") }
      }
    }.renderIfNeeded()
    assertScreen(narrow, named: "narrow")
  }

  @Test func aFieldInATabNotShownKeepsItsCursorForWhenTheTabShowsAgain() {
    let model = Selection()
    model.value = 0
    let app = Application(backend: HeadlessBackend(width: 40, height: 5)) {
      TabView(selection: Binding(get: { model.value ?? 0 }, set: { model.value = $0 })) {
        Tab("Notes", value: 0) {
          TextField("Note", text: Binding(get: { model.note }, set: { model.note = $0 }))
        }
        Tab("About", value: 1) { Text("about") }
      }
    }
    app.renderIfNeeded()
    app.handle([.home])
    model.value = 1
    app.renderIfNeeded()
    model.value = 0
    app.renderIfNeeded()
    app.handle([.character("A")])
    #expect(model.note == "Anote", "the cursor is where it was left, not at the end")
  }
}
