import Observation
import TerminalUI
import Testing

// Enter in a field with `onSubmit` submits it (on a root screen, where Enter did nothing and Tab
// was the only way out), and the help bar says so; a field without it leaves Enter to the screen.

@MainActor
@Observable
private final class Search {
  var query = ""
  var submitted: [String] = []
  var opened = 0
}

@MainActor
struct TextFieldSubmitTests {
  @Test func enterInAFieldWithOnSubmitSubmitsIt() {
    let search = Search()
    let backend = HeadlessBackend(width: 60, height: 5)
    let app = Application(backend: backend, showsHelpBar: true) {
      TextField("Filter", text: Binding(get: { search.query }, set: { search.query = $0 }))
        .onSubmit { search.submitted.append(search.query) }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines.last?.hasPrefix("enter submit") == true)
    app.handle("sshd".map(KeyEvent.character) + [.enter])
    #expect(search.submitted == ["sshd"])
  }

  @Test func aSecureFieldSubmitsToo() {
    let search = Search()
    let app = Application(backend: HeadlessBackend(width: 60, height: 5)) {
      SecureField("Password", text: Binding(get: { search.query }, set: { search.query = $0 }))
        .onSubmit { search.submitted.append("signed in") }
    }
    app.renderIfNeeded()
    app.handle([.character("x"), .enter])
    #expect(search.submitted == ["signed in"])
  }

  @Test func withoutOnSubmitEnterGoesToTheScreen() {
    let search = Search()
    let app = Application(backend: HeadlessBackend(width: 60, height: 5)) {
      VStack {
        TextField("Filter", text: Binding(get: { search.query }, set: { search.query = $0 }))
        Button("Open", shortcut: .enter) { search.opened += 1 }
      }
    }
    app.renderIfNeeded()
    app.handle([.character("a"), .enter])
    #expect(search.opened == 1)
    #expect(search.submitted.isEmpty)
  }
}
