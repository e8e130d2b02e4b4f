import ComposableTerminalUI
import TerminalUI
import Testing

@testable import TerminalUICore

@Reducer
private struct SignIn {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var remember = false
    var unread = 0
    var submissions = 0
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case submit
    case unreadChanged
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding: break
      case .submit: state.submissions += 1
      case .unreadChanged: state.unread += 1
      }
      return .none
    }
  }
}

private struct SignInView: View {
  let store: StoreOf<SignIn>

  var body: some View {
    VStack {
      TextField("Email", text: store.binding(\.email))
      SecureField("Password", text: store.binding(\.password))
      Toggle("Remember me", isOn: store.binding(\.remember))
      HStack {
        Button("Sign in", shortcut: .ctrl("s")) { store.send(.submit) }
          .disabled(store.email.isEmpty)
        Text("sent \(store.submissions)")
      }
    }
  }
}

@MainActor
private func makeApp() -> (Application, HeadlessBackend, StoreOf<SignIn>) {
  let store = Store(initialState: SignIn.State()) { SignIn() }
  let backend = HeadlessBackend(width: 20, height: 5)
  let app = Application(backend: backend) { SignInView(store: store) }
  app.renderIfNeeded()
  return (app, backend, store)
}

@MainActor
@Test func typingEditsTheFocusedFieldThroughTheStore() {
  let (app, backend, store) = makeApp()
  #expect(backend.buffer.lines[0] == "Email               ")
  app.handle("blob".map { KeyEvent.character($0) })
  #expect(store.email == "blob")
  #expect(backend.buffer.lines[0] == "blob                ")
  #expect(backend.buffer.cursor == Position(x: 4, y: 0))
  app.handle([.left, .left, .ctrl("u")])
  #expect(store.email == "ob")
}

@MainActor
@Test func theSecureFieldNeverShowsItsText() {
  let (app, backend, store) = makeApp()
  app.handle([.tab] + "hunter2".map { KeyEvent.character($0) })
  #expect(store.password == "hunter2")
  #expect(backend.buffer.lines[1] == "•••••••             ")
  #expect(!backend.buffer.lines.joined().contains("hunter"))
  let field = SecureField("Password", text: store.binding(\.password))
  #expect(!String(describing: field).contains("hunter"))
  #expect(!String(reflecting: field).contains("hunter"))
}

@MainActor
@Test func tabAndShiftTabCycleFocusSkippingDisabledButtons() {
  let (app, backend, store) = makeApp()
  app.handle([.tab, .tab, .character(" ")])
  #expect(store.remember)
  #expect(backend.buffer.lines[2] == "[x] Remember me     ")
  #expect(backend.buffer[0, 2].style.reverse)
  app.handle([.tab])
  #expect(app.focusedIndex == 0)
  app.handle([.backTab])
  #expect(app.focusedIndex == 2)
}

@MainActor
@Test func enterActivatesTheFocusedButtonAndShortcutsWorkFromAnywhere() {
  let (app, backend, store) = makeApp()
  app.handle([.ctrl("s")])
  #expect(store.submissions == 0)
  app.handle([.character("a"), .tab, .tab, .tab, .enter])
  #expect(store.submissions == 1)
  #expect(backend.buffer.lines[3] == "[ Sign in ] sent 1  ")
  #expect(backend.buffer[0, 3].style.reverse)
  app.handle([.home, .ctrl("s")])
  #expect(store.submissions == 2)
}

@MainActor
@Test func oneKeystrokeDrawsExactlyOneFrame() async {
  let (app, backend, _) = makeApp()
  let frames = backend.flushCount
  app.handle([.character("x")])
  await Task.yield()
  await Task.yield()
  #expect(backend.flushCount == frames + 1)
  #expect(app.frameCount == frames + 1)
}

@MainActor
@Test func aChangeTheScreenDidNotReadDrawsNoFrame() async {
  let (app, backend, store) = makeApp()
  let frames = backend.flushCount
  store.send(.unreadChanged)
  await Task.yield()
  await Task.yield()
  #expect(store.unread == 1)
  #expect(!app.needsDisplay)
  #expect(backend.flushCount == frames)
}

@MainActor
@Test func aChangeTheScreenReadDrawsOneFrameOnItsOwn() async {
  let (app, backend, store) = makeApp()
  let frames = backend.flushCount
  store.send(.binding(.set(\.email, "a")))
  store.send(.binding(.set(\.email, "ab")))
  #expect(app.needsDisplay)
  for _ in 0..<5 { await Task.yield() }
  #expect(backend.flushCount == frames + 1)
  #expect(backend.buffer.lines[0] == "ab                  ")
}

@MainActor
@Test func ctrlCFinishesTheApplication() {
  let (app, _, store) = makeApp()
  app.handle([.ctrl("c"), .character("z")])
  #expect(app.isFinished)
  #expect(store.email == "")
}

@MainActor
@Test func unusedKeysGoToTheScreensHandler() {
  var received: [KeyEvent] = []
  let backend = HeadlessBackend(width: 5, height: 1)
  let app = Application(
    backend: backend,
    onKey: {
      received.append($0); return true
    }
  ) {
    Text("hi")
  }
  app.handle([.character("+"), .escape])
  #expect(received == [.character("+"), .escape])
}

@MainActor
@Test func runHandlesKeysUntilCtrlC() async {
  let (app, backend, store) = makeApp()
  let (keys, input) = AsyncStream.makeStream(of: KeyEvent.self)
  for key in [KeyEvent.character("h"), .character("i"), .ctrl("c"), .character("!")] {
    input.yield(key)
  }
  await app.run(keys)
  #expect(app.isFinished)
  #expect(store.email == "hi")
  #expect(backend.buffer.lines[0].hasPrefix("hi "))
}
