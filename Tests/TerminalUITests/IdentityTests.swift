import Observation
import TerminalUI
import Testing

// What a control keeps between frames (focus, a field's cursor) belongs to the view it is in:
// an element of a ForEach, a value given to `.id(_:)`, a branch of an `if`; never a position.

@MainActor
@Observable
private final class Rows {
  struct Row: Identifiable {
    let id: Int
    var title: String
  }
  var rows = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
  var showsExtra = false
  var pressed: [String] = []
  var selected = 1
  var names = ["ann", "bob"]
}

private struct RowsView: View {
  @Bindable var model: Rows
  var body: some View {
    ForEach(model.rows) { row in
      TextField(
        "Title",
        text: Binding(
          get: { model.rows.first { $0.id == row.id }?.title ?? "" },
          set: { value in
            if let index = model.rows.firstIndex(where: { $0.id == row.id }) {
              model.rows[index].title = value
            }
          }))
    }
  }
}

@MainActor
struct IdentityTests {
  @Test func aRowKeepsFocusAndItsCursorWhenARowIsInsertedAboveIt() {
    let model = Rows()
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) { RowsView(model: model) }
    app.renderIfNeeded()
    app.handle([.tab, .left, .left, .character("X")])
    #expect(model.rows.map(\.title) == ["one", "tXwo"])
    model.rows.insert(Rows.Row(id: 0, title: "zero"), at: 0)
    app.renderIfNeeded()
    #expect(app.focusedIndex == 2, "focus followed row 2 down")
    app.handle([.character("Y")])
    #expect(model.rows.map(\.title) == ["zero", "one", "tXYwo"], "at the cursor it had")
  }

  @Test func aButtonShownByAnIfDoesNotTakeTheFocusOfAnIdenticalOneAfterIt() {
    let model = Rows()
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) {
      VStack {
        if model.showsExtra { Button("Save") { model.pressed.append("extra") } }
        Button("Save") { model.pressed.append("first") }
        Button("Save") { model.pressed.append("second") }
      }
    }
    app.renderIfNeeded()
    app.handle([.tab])
    model.showsExtra = true
    app.handle([.enter])
    #expect(model.pressed == ["second"])
    #expect(app.focusedIndex == 2)
  }

  @Test func elementsIdentifiedByThemselvesKeepTheirFocus() {
    let model = Rows()
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) {
      VStack {
        ForEach(model.names, id: \.self) { name in
          Button("Greet") { model.pressed.append(name) }
        }
      }
    }
    app.renderIfNeeded()
    app.handle([.tab])
    model.names.insert("cy", at: 0)
    app.handle([.enter])
    #expect(model.pressed == ["bob"])
  }

  @Test func aNewIDMakesANewViewWhoseFieldStartsAfresh() {
    let model = Rows()
    var texts = [1: "abc", 2: "xyz"]
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) {
      TextField(
        "Title",
        text: Binding(
          get: { texts[model.selected] ?? "" }, set: { texts[model.selected] = $0 })
      )
      .id(model.selected)
    }
    app.renderIfNeeded()
    app.handle([.home, .character("1")])
    #expect(texts[1] == "1abc")
    model.selected = 2
    app.handle([.character("2")])
    #expect(texts[2] == "xyz2", "the other item's field has its cursor at the end")
    model.selected = 1
    app.handle([.character("!")])
    #expect(texts[1] == "1abc!", "so has the first one's, made anew")
  }

  @Test func pickersWrittenOnceForEveryRowOpenOneAtATime() {
    let model = Rows()
    var sizes = [1: "S", 2: "S"]
    let backend = HeadlessBackend(width: 30, height: 12)
    let app = Application(backend: backend) {
      VStack {
        ForEach(model.rows) { row in
          Picker(
            "Size", selection: Binding(get: { sizes[row.id]! }, set: { sizes[row.id] = $0 }),
            options: ["S", "M", "L"]
          ) { $0 }
        }
      }
    }
    app.renderIfNeeded()
    app.handle([.enter])
    let lists = backend.buffer.lines.filter { $0.contains("M") }
    #expect(lists.count == 1, "only the first row's picker is open")
    app.handle([.down, .enter])
    #expect(sizes == [1: "M", 2: "S"])
  }

  @Test func scrollViewsWrittenOnceForEveryRowScrollOneAtATime() {
    let model = Rows()
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend, showsHelpBar: false) {
      VStack {
        ForEach(model.rows) { row in
          ScrollView {
            for line in 0..<10 { Text("\(row.title)\(line)") }
          }
        }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("one0"))
    #expect(backend.buffer.lines[3].hasPrefix("two0"))
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 1, y: 1)))])
    #expect(backend.buffer.lines[0].hasPrefix("one3"), "the first one scrolled")
    #expect(backend.buffer.lines[3].hasPrefix("two0"), "the second did not")
  }

  @Test func aCheckboxListKeepsItsHighlightWhenAButtonAppearsAboveIt() {
    let model = Rows()
    var checked: Set<String> = []
    let app = Application(backend: HeadlessBackend(width: 30, height: 8)) {
      VStack {
        if model.showsExtra { Button("Extra") {} }
        CheckboxList(
          ["red", "green", "blue"], id: \.self,
          selection: Binding(get: { checked }, set: { checked = $0 })
        ) { $0 }
      }
    }
    app.renderIfNeeded()
    app.handle([.down, .down])
    model.showsExtra = true
    app.handle([.character(" ")])
    #expect(checked == ["blue"], "the highlight stayed on the third option")
  }

  @Test func aTaskWrittenOnceForEveryRowRunsForEachRow() async {
    let model = Rows()
    let app = Application(backend: HeadlessBackend(width: 30, height: 6)) {
      VStack {
        ForEach(model.rows) { row in
          Text(row.title).task { model.pressed.append(row.title) }
        }
      }
    }
    app.renderIfNeeded()
    let deadline = ContinuousClock.now + .seconds(5)
    while model.pressed.count < 2, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    #expect(model.pressed.sorted() == ["one", "two"])
  }
}
