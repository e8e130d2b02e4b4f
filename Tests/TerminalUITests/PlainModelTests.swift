import Observation
import TerminalUI
import TerminalUITesting
import Testing

// A small app on a plain `@Observable` model, with TerminalUI alone: no store anywhere.

@MainActor
@Observable
private final class Contacts {
  var name = ""
  var names: [String] = []
  var path: [String] = []
  var pendingDeletion: String?
  var deleted: [String] = []
  var editing: String?
  var opened = 0

  func add() {
    guard !name.isEmpty else { return }
    names.append(name)
    name = ""
  }

  func delete(_ name: String) {
    names.removeAll { $0 == name }
    deleted.append(name)
    path.removeAll()
  }
}

private struct ContactsView: View {
  @Bindable var model: Contacts

  var body: some View {
    NavigationStack(path: $model.path) {
      VStack {
        TextField("Name", text: $model.name)
        Button("Add", shortcut: .ctrl("s")) { model.add() }
          .disabled(model.name.isEmpty)
        ForEach(model.names) { name in
          NavigationLink(name, value: name)
        }
      }
      .navigationTitle("Contacts")
    } destination: { name in
      VStack {
        Text("Name: \(name)")
        Button("Delete", shortcut: .ctrl("d")) { model.pendingDeletion = name }
      }
      .navigationTitle(name)
      .task { model.opened += 1 }
    }
    .alert(item: $model.pendingDeletion) { name in
      "Delete \(name)?"
    } message: { _ in
      "This cannot be undone."
    } buttons: { name in
      [
        AlertButton("Delete", role: .destructive) { model.delete(name) },
        AlertButton("Keep", role: .cancel),
      ]
    }
  }
}

@MainActor
struct PlainModelTests {
  @Test func aFieldAButtonAPushedScreenAndAnAlertOnAnObservableModel() async {
    let model = Contacts()
    let backend = HeadlessBackend(width: 40, height: 10)
    let app = Application(backend: backend, showsHelpBar: true) {
      ContactsView(model: model)
    }
    app.renderIfNeeded()
    app.handle(Array("Ada").map { .character($0) })
    #expect(model.name == "Ada")
    assertScreen(backend, named: "typed")

    app.handle([.ctrl("s")])
    #expect(model.names == ["Ada"])
    #expect(model.name == "")
    app.handle([.tab, .enter])
    #expect(model.path == ["Ada"])
    assertScreen(backend, named: "pushed")
    for _ in 0..<100 where model.opened == 0 { try? await Task.sleep(for: .milliseconds(1)) }
    #expect(model.opened == 1, "the pushed screen's task ran")

    app.handle([.escape])
    #expect(model.path == [], "Esc pops the pushed screen")
    // Popping returns focus to the link that pushed the screen: Enter opens it again.
    app.handle([.enter])
    #expect(model.path == ["Ada"])

    app.handle([.ctrl("d")])
    #expect(model.pendingDeletion == "Ada")
    assertScreen(backend, named: "alert")
    // The alert opens on its safe choice: Enter keeps.
    app.handle([.enter])
    #expect(model.pendingDeletion == nil, "Keep dismisses the alert")
    #expect(model.deleted == [])
    app.handle([.ctrl("d"), .backTab, .enter])
    #expect(model.pendingDeletion == nil)
    #expect(model.deleted == ["Ada"])
    #expect(model.names == [])
    #expect(model.path == [])
    #expect(backend.buffer.lines[0].hasPrefix("Contacts "))
  }

  @Test func aLinkOutsideAStackThatTakesItsValueIsDisabled() {
    let model = Contacts()
    model.names = ["Ada"]
    let backend = HeadlessBackend(width: 30, height: 4)
    let app = Application(backend: backend) {
      NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
        NavigationLink("Ada", value: "Ada", shortcut: .ctrl("o"))
        NavigationLink("Number", value: 42, shortcut: .ctrl("n"))
      } destination: { name in
        Text(name).navigationTitle(name)
      }
    }
    app.renderIfNeeded()
    app.handle([.ctrl("n")])
    #expect(model.path == [])
    app.handle([.ctrl("o")])
    #expect(model.path == ["Ada"])
    #expect(backend.buffer.lines[0].hasPrefix("Ada"))
  }

  @Test func aSheetOverAnOptionalAndADialogWhoseChoiceOpensAnother() {
    let model = Contacts()
    let backend = HeadlessBackend(width: 50, height: 12)
    let app = Application(backend: backend) {
      VStack {
        Button("Edit", shortcut: .character("e")) { model.editing = "Ada" }
        Text("Deleted: \(model.deleted.joined(separator: ", "))")
      }
      .sheet(item: Binding(get: { model.editing }, set: { model.editing = $0 })) { name in
        Text("Editing \(name)").navigationTitle("Edit")
      }
      .confirmationDialog(
        item: Binding(get: { model.pendingDeletion }, set: { model.pendingDeletion = $0 })
      ) { name in
        "Delete \(name)?"
      } buttons: { name in
        [
          AlertButton("Delete", role: .destructive) { model.delete(name) },
          AlertButton("Ask about Bob") { model.pendingDeletion = "Bob" },
        ]
      }
    }
    app.renderIfNeeded()
    app.handle([.character("e")])
    #expect(backend.buffer.lines.contains { $0.contains("Edit") && $0.contains("┌") })
    #expect(backend.buffer.lines.contains { $0.contains("Editing Ada") })
    app.handle([.escape])
    #expect(model.editing == nil)
    model.pendingDeletion = "Ada"
    app.renderIfNeeded()
    // With a destructive choice, the dialog opens on the first choice that does not destroy.
    app.handle([.enter])
    #expect(model.pendingDeletion == "Bob", "a choice's action may present another dialog")
    #expect(backend.buffer.lines.contains { $0.contains("Delete Bob?") })
    #expect(app.focusedIndex == 1, "the dialog it presents opens on its safe choice too")
    app.handle([.backTab, .enter])
    #expect(model.pendingDeletion == nil)
    #expect(model.deleted == ["Bob"])
  }
}
