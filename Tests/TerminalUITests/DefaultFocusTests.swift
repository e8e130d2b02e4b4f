import Observation
import TerminalUI
import Testing

// Where focus starts: on the screen's first control, unless a control asks for it with
// `defaultFocus()`; alerts and confirmation dialogs with a destructive choice start on their
// safe one, so Enter on a box that just opened never destroys.

@MainActor
@Observable
private final class Processes {
  var names = ["sshd", "vim"]
  var pendingKill: String?
  var killed: [String] = []
  var comment = ""
  var path: [String] = []
  var focus: Field?
  enum Field: Hashable { case comment }
}

@MainActor
private func killDialog(
  _ model: Processes, buttons: @escaping @MainActor (String) -> [AlertButton]
) -> some View {
  VStack {
    Button("Kill", shortcut: .character("k")) { model.pendingKill = model.names.first }
    Text("Killed: \(model.killed.joined(separator: ", "))")
  }
  .confirmationDialog(item: Binding(get: { model.pendingKill }, set: { model.pendingKill = $0 })) {
    "Kill \($0)?"
  } buttons: {
    buttons($0)
  }
}

@MainActor
struct DefaultFocusTests {
  @Test func aDialogWithADestructiveChoiceOpensOnItsCancelButton() {
    let model = Processes()
    let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
      killDialog(model) { name in
        [
          AlertButton("Kill", role: .destructive) { model.killed.append(name) },
          AlertButton("Cancel", role: .cancel),
        ]
      }
    }
    app.renderIfNeeded()
    app.handle([.character("k")])
    #expect(app.focusedIndex == 1)
    app.handle([.enter])
    #expect(model.pendingKill == nil)
    #expect(model.killed == [], "Enter on the box that just opened kills nothing")
    app.handle([.character("k"), .backTab, .enter])
    #expect(model.killed == ["sshd"], "the destructive choice is one Shift-Tab away")
  }

  @Test func aDialogWhoseOnlyChoiceDestroysGetsACancelButtonToStartOn() {
    let model = Processes()
    let backend = HeadlessBackend(width: 40, height: 10)
    let app = Application(backend: backend) {
      killDialog(model) { name in
        [AlertButton("Kill", role: .destructive) { model.killed.append(name) }]
      }
    }
    app.renderIfNeeded()
    app.handle([.character("k")])
    #expect(app.focusableCount == 2)
    #expect(backend.buffer.lines.contains { $0.contains("[ Cancel ]") })
    app.handle([.enter])
    #expect(model.pendingKill == nil)
    #expect(model.killed == [])
  }

  @Test func aDialogWithoutADestructiveChoiceOpensOnItsFirstButton() {
    let model = Processes()
    let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
      killDialog(model) { name in
        [
          AlertButton("Pause") { model.killed.append("paused \(name)") },
          AlertButton("Cancel", role: .cancel),
        ]
      }
    }
    app.renderIfNeeded()
    app.handle([.character("k"), .enter])
    #expect(model.killed == ["paused sshd"])
  }

  @Test func anAlertWithADestructiveChoiceAndNoCancelOpensOnTheFirstThatDoesNotDestroy() {
    let model = Processes()
    let app = Application(backend: HeadlessBackend(width: 50, height: 10)) {
      VStack {
        Button("Kill", shortcut: .character("k")) { model.pendingKill = "vim" }
      }
      .alert(item: Binding(get: { model.pendingKill }, set: { model.pendingKill = $0 })) {
        "Kill \($0)?"
      } buttons: { name in
        [
          AlertButton("Kill", role: .destructive) { model.killed.append(name) },
          AlertButton("Stop") { model.killed.append("stopped \(name)") },
        ]
      }
    }
    app.renderIfNeeded()
    app.handle([.character("k"), .enter])
    #expect(model.killed == ["stopped vim"])
  }

  @Test func aControlMarkedDefaultFocusHasTheFocusWhenItsScreenFirstShows() {
    let model = Processes()
    let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
      NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
        VStack {
          Button("Refresh") {}
          TextField("Comment", text: Binding(get: { model.comment }, set: { model.comment = $0 }))
            .defaultFocus()
          NavigationLink("Details", value: "sshd")
        }
      } destination: { name in
        VStack {
          Button("Back") { model.path = [] }
          Button("Kill \(name)") { model.killed.append(name) }.defaultFocus()
        }
      }
    }
    app.renderIfNeeded()
    #expect(app.focusedIndex == 1, "the field, not the first control")
    app.handle([.character("x")])
    #expect(model.comment == "x")
    app.handle([.tab, .enter])
    #expect(model.path == ["sshd"])
    #expect(app.focusedIndex == 1, "a pushed screen starts on its default focus too")
    app.handle([.escape])
    #expect(app.focusedIndex == 2, "back on the first screen, focus is where the user left it")
  }

  @Test func focusTheStateAsksForWinsOverTheDefault() {
    let model = Processes()
    model.focus = .comment
    let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
      VStack {
        TextField("Comment", text: Binding(get: { model.comment }, set: { model.comment = $0 }))
          .focused(Binding(get: { model.focus }, set: { model.focus = $0 }), equals: .comment)
        Button("Kill") { model.killed.append("sshd") }.defaultFocus()
      }
    }
    app.renderIfNeeded()
    #expect(app.focusedIndex == 0)
  }
}
