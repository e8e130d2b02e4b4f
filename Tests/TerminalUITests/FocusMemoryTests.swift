import Foundation
import Observation
import TerminalUI
import TerminalUITesting
import Testing

// Focus and text cursors users can trust: each screen keeps its own, keyed by the control's
// identity; popping a screen or closing an alert returns focus to the control that had it; and
// the help lists only the keys that act given what has focus, each once.

@MainActor
@Observable
private final class Todos {
  var newTitle = ""
  var titles = ["Buy milk", "Check mail"]
  var selection: String? = "Buy milk"
  var path: [String] = []
  var edits: [String: String] = ["Buy milk": "Buy milk", "Check mail": "Check mail"]
  var pendingDeletion: String?
  var showsFilter = false
  var renaming: String?
  var filter = ""

  func add() {
    guard !newTitle.isEmpty else { return }
    titles.append(newTitle)
    edits[newTitle] = newTitle
    newTitle = ""
  }
}

private struct TodosView: View {
  @Bindable var model: Todos

  var body: some View {
    NavigationStack(path: $model.path) {
      VStack {
        if model.showsFilter { TextField("Filter", text: $model.filter) }
        TextField("New todo", text: $model.newTitle)
        Button("Add", shortcut: .enter) { model.add() }
        List(
          model.titles, id: \.self, selection: $model.selection,
          onActivate: { model.path.append($0) }
        ) { title in
          Text(title)
        }
        Button("Delete", shortcut: .character("d")) {
          model.pendingDeletion = model.selection
        }
        Button("Rename", shortcut: .character("r")) { model.renaming = model.selection }
      }
      .navigationTitle("Todos")
      .sheet(item: $model.renaming, title: "Rename") { title in
        TextField(
          "Title",
          text: Binding(
            get: { model.edits[title] ?? "" }, set: { model.edits[title] = $0 }))
      }
    } destination: { title in
      VStack {
        TextField(
          "Title",
          text: Binding(
            get: { model.edits[title] ?? "" }, set: { model.edits[title] = $0 }))
      }
      .navigationTitle(title)
    }
    .alert(item: $model.pendingDeletion) { title in
      "Delete \(title)?"
    } message: { _ in
      "This cannot be undone."
    } buttons: { title in
      [
        AlertButton("Delete", role: .destructive) { model.titles.removeAll { $0 == title } },
        AlertButton("Cancel", role: .cancel),
      ]
    }
  }
}

@MainActor
@Observable
private final class Buttons {
  var showsThird = true
  var pressed: [String] = []
}

private struct ButtonsView: View {
  let model: Buttons

  var body: some View {
    VStack {
      Button("First") { model.pressed.append("First") }
      Button("Second") { model.pressed.append("Second") }
      if model.showsThird { Button("Third") { model.pressed.append("Third") } }
    }
  }
}

@MainActor
struct FocusMemoryTests {
  private func makeApp(_ model: Todos, width: Int = 80) -> (Application, HeadlessBackend) {
    let backend = HeadlessBackend(width: width, height: 12)
    let app = Application(backend: backend, showsHelpBar: true, globalKeys: [("q", "quit")]) {
      TodosView(model: model)
    }
    app.renderIfNeeded()
    return (app, backend)
  }

  @Test func cancellingAnAlertReturnsFocusToTheListSoTheNextKeyIsAShortcutAgain() {
    let model = Todos()
    let (app, _) = makeApp(model)
    app.handle([.tab, .tab])  // the field, Add, then the list
    #expect(app.focusedIndex == 2)
    app.handle([.character("d")])
    #expect(model.pendingDeletion == "Buy milk")
    app.handle([.escape])
    #expect(model.pendingDeletion == nil)
    #expect(app.focusedIndex == 2, "focus is back on the list that presented the alert")
    app.handle([.character("d")])
    #expect(model.newTitle == "", "the d did not go into the new-todo field")
    #expect(model.pendingDeletion == "Buy milk", "d presents the alert again")
    app.handle([.escape, .enter])
    #expect(model.titles == ["Buy milk", "Check mail"], "Enter opened the row, added nothing")
    #expect(model.path == ["Buy milk"])
  }

  @Test func dismissingASheetReturnsFocusToTheControlThatPresentedIt() {
    let model = Todos()
    let (app, _) = makeApp(model)
    app.handle([.tab, .tab, .tab, .tab])  // the field, Add, the list, Delete, then Rename
    #expect(app.focusedIndex == 4)
    app.handle([.enter])
    #expect(model.renaming == "Buy milk")
    #expect(app.focusedIndex == 0, "the sheet's field has focus")
    app.handle([.character("!"), .escape])
    #expect(model.edits["Buy milk"] == "Buy milk!", "the sheet's field started at the end")
    #expect(model.renaming == nil)
    #expect(app.focusedIndex == 4, "Rename has focus again")
    app.handle([.enter])
    #expect(model.renaming == "Buy milk", "Enter presses Rename again")
  }

  @Test func poppingAScreenReturnsFocusToTheControlThatHadIt() {
    let model = Todos()
    let (app, _) = makeApp(model)
    app.handle([.tab, .tab, .down, .enter])
    #expect(model.path == ["Check mail"])
    #expect(app.focusedIndex == 0, "the pushed screen starts on its own first control")
    app.handle([.escape])
    #expect(model.path == [])
    #expect(app.focusedIndex == 2, "the list has focus again")
    app.handle([.up, .enter])
    #expect(model.path == ["Buy milk"])
  }

  @Test func aPushedScreensFieldStartsWithItsCursorAtTheEndOfItsOwnText() {
    let model = Todos()
    let (app, backend) = makeApp(model)
    // The root's field has its cursor moved to the start...
    app.handle(Array("abc").map { .character($0) } + [.home])
    // ...which a pushed screen's field, the first control there too, must not inherit.
    app.handle([.tab, .tab, .down, .enter])
    app.handle([.character("!")])
    #expect(model.edits["Check mail"] == "Check mail!")
    assertScreen(backend, named: "pushed-field")
    // Back on the root, its field still has the cursor where it was left.
    app.handle([.escape, .backTab, .backTab, .character("X")])
    #expect(model.newTitle == "Xabc")
  }

  @Test func focusFollowsItsControlWhenAControlAppearsBeforeIt() {
    let model = Todos()
    let (app, _) = makeApp(model)
    app.handle([.tab, .tab, .tab])
    #expect(app.focusedIndex == 3, "the Delete button")
    model.showsFilter = true
    app.renderIfNeeded()
    #expect(app.focusedIndex == 4, "still the Delete button, after the field that appeared")
    app.handle([.enter])
    #expect(model.pendingDeletion == "Buy milk", "Enter pressed Delete")
  }

  @Test func whenTheFocusedLastControlGoesFocusMovesToTheNewLastOne() {
    let model = Buttons()
    let app = Application(backend: HeadlessBackend(width: 20, height: 4)) {
      ButtonsView(model: model)
    }
    app.renderIfNeeded()
    app.handle([.tab, .tab])
    #expect(app.focusedIndex == 2, "the Third button")
    model.showsThird = false
    app.renderIfNeeded()
    #expect(app.focusedIndex == 1, "the control nearest where focus was, not the first")
    app.handle([.enter])
    #expect(model.pressed == ["Second"])
  }

  @Test func theHelpListsOnlyTheKeysThatActGivenTheFocus() {
    let model = Todos()
    let (app, backend) = makeApp(model)
    // The field has focus: it takes typed characters, so `d` and `r` are listed as reachable
    // once Esc left it (`?` and `q` are not listed); Enter still reaches the Add shortcut.
    #expect(app.helpText == "enter add  tab focus  esc leave field for d r  ctrl-c quit")
    app.handle([.tab, .tab])
    // The list has focus: Enter opens the row there, so the screen's `enter add` is not listed.
    #expect(
      app.helpText == "enter open  d delete  r rename  tab focus  ? help  q quit  ctrl-c quit")
    app.handle([.character("?")])
    assertScreen(backend, named: "keys-with-the-list-focused")
  }

  @Test func aNarrowHelpBarKeepsHelpAndQuitAndDropsScreenKeysFromTheLast() {
    let model = Todos()
    let (app, backend) = makeApp(model, width: 30)
    app.handle([.tab, .tab])
    let bar = backend.buffer.lines.last ?? ""
    #expect(bar.trimmingCharacters(in: .whitespaces) == "enter open  ? help  q quit")
    assertScreen(backend, named: "narrow")
  }
}

@MainActor
struct FocusMemoryTapeTests {
  /// The story from the issue, as a tape: with the list focused, `d` asks to delete; Esc
  /// cancels; `d` asks again (it does not go into the new-todo field), and Enter there opens the
  /// row's screen, whose field starts with the cursor after its own text.
  @Test func cancelDeleteThenDeleteAgainThenOpenTheRow() async throws {
    let model = Todos()
    let backend = HeadlessBackend(width: 60, height: 12)
    let app = Application(backend: backend, showsHelpBar: true, globalKeys: [("q", "quit")]) {
      TodosView(model: model)
    }
    let tape = try KeyTape(
      parsing: """
        key tab tab
        type "d"
        snapshot asked
        key esc
        type "d"
        snapshot asked-again
        key esc down enter
        type "!"
        snapshot opened
        key esc
        snapshot back-on-the-list
        """)
    await replay(tape, in: app, backend: backend)
    #expect(model.newTitle == "")
    #expect(model.edits["Check mail"] == "Check mail!")
    #expect(app.focusedIndex == 2)
  }
}
