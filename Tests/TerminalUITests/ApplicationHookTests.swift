import Foundation
import Observation
import TerminalUI
import Testing

// The hooks a tool laid over an app uses (the inspector): a key interceptor that sees keys
// first, a scope around every layout, a preview during which tasks rest and focus is kept, and
// keys listed only while the help bar has room.

@MainActor
@Observable
private final class Form {
  var name = ""
  var notes = ""
  var onSecondScreen = false
  var taskStarts = 0
}

private struct FormView: View {
  @Bindable var model: Form

  var body: some View {
    if model.onSecondScreen {
      Text("Second").task { model.taskStarts += 1 }
    } else {
      VStack {
        TextField("Name", text: $model.name)
        TextField("Notes", text: $model.notes)
      }
    }
  }
}

/// Takes `!` and notes every key it lets through.
@MainActor
private final class Bang: KeyInterceptor {
  var seen: [KeyEvent] = []
  var routed: [KeyEvent] = []
  func intercept(_ key: KeyEvent, in app: Application) -> Bool {
    seen.append(key)
    return key == .character("!")
  }
  func didRoute(_ key: KeyEvent, in app: Application) {
    routed.append(key)
  }
}

@MainActor
struct ApplicationHookTests {
  private func makeApp(_ model: Form) -> (Application, HeadlessBackend) {
    let backend = HeadlessBackend(width: 40, height: 6)
    let app = Application(backend: backend, showsHelpBar: true) { FormView(model: model) }
    app.renderIfNeeded()
    return (app, backend)
  }

  @Test func anInterceptorSeesKeysFirstAndTakesTheOnesItUses() {
    let model = Form()
    let (app, _) = makeApp(model)
    let bang = Bang()
    app.keyInterceptors.append(bang)
    app.handle([.character("a"), .character("!"), .character("b"), .ctrl("c")])
    #expect(model.name == "ab")
    #expect(bang.seen == [.character("a"), .character("!"), .character("b")])
    #expect(bang.routed == [.character("a"), .character("b")])
    #expect(app.isFinished, "Ctrl-C never reaches the interceptor")
  }

  @Test func theFrameScopeWrapsEveryLayout() {
    let model = Form()
    let (app, _) = makeApp(model)
    var layouts = 0
    app.frameScope = { layOut in
      layouts += 1
      layOut()
    }
    app.handle([.character("a")])
    #expect(layouts >= 1)
  }

  @Test func aPreviewKeepsFocusAndTasksAndPutsThemBack() async {
    let model = Form()
    let (app, _) = makeApp(model)
    app.handle([.tab, .character("n")])
    #expect(model.notes == "n")
    app.isPreviewing = true
    // What the preview shows moves focus away and draws a view with a task.
    model.onSecondScreen = true
    app.renderIfNeeded()
    for _ in 0..<20 { await Task.yield() }
    #expect(model.taskStarts == 0, "no task starts during a preview")
    model.onSecondScreen = false
    app.renderIfNeeded()
    app.isPreviewing = false
    app.renderIfNeeded()
    #expect(app.lastFrame.layouts == 1, "focus is put back where it was: nothing moves it again")
    app.handle([.character("o")])
    #expect(model.notes == "no", "focus is back in the notes field")
    #expect(model.name == "")
  }

  /// What is typed while a tool has the keys goes to the tool: it is no secret to keep out of a
  /// recording, even with a secure field focused under the preview.
  @Test func keysTypedDuringAPreviewAreNoSecret() {
    var password = ""
    let app = Application(backend: HeadlessBackend(width: 20, height: 3)) {
      SecureField("Password", text: Binding(get: { password }, set: { password = $0 }))
    }
    app.renderIfNeeded()
    #expect(app.isTypingSecret)
    app.isPreviewing = true
    #expect(!app.isTypingSecret)
    app.isPreviewing = false
    #expect(app.isTypingSecret)
  }

  @Test func toolKeysShowWhileTheBarHasRoomAndGoFirst() {
    let model = Form()
    let backend = HeadlessBackend(width: 80, height: 6)
    let app = Application(backend: backend, showsHelpBar: true, globalKeys: [("q", "quit")]) {
      FormView(model: model)
    }
    app.toolKeys = [("F12", "inspect")]
    app.renderIfNeeded()
    #expect(app.helpText.hasSuffix("F12 inspect"))
    #expect(backend.buffer.lines[5].contains("F12 inspect"))
    // A text field has focus: `?` and `q` type, so the bar lists focus, Ctrl-C and F12.
    let narrow = HeadlessBackend(width: 24, height: 6)
    let narrowApp = Application(
      backend: narrow, showsHelpBar: true, globalKeys: [("q", "quit")]
    ) { FormView(model: model) }
    narrowApp.toolKeys = [("F12", "inspect")]
    narrowApp.renderIfNeeded()
    #expect(!narrow.buffer.lines[5].contains("F12"))
    #expect(narrow.buffer.lines[5].hasPrefix("tab focus  ctrl-c quit"))
  }
}
