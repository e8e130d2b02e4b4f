import Clocks
import ComposableTerminalUI
import TerminalUI
import TerminalUITesting
import Testing

@Reducer
private struct SignIn {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var focus: Field?
    var count = 0
    enum Field: Hashable { case email, password }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case incrementTapped
    case submitTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .incrementTapped:
        state.count += 1
        return .none
      case .submitTapped:
        if state.password.count < 8 { state.focus = .password }
        return .none
      }
    }
  }
}

private struct SignInView: View {
  @Bindable var store: StoreOf<SignIn>
  static let keys = KeyTable<SignIn.Action> {
    KeyBinding(.character("+"), "increment", .incrementTapped)
    KeyBinding(.ctrl("s"), "submit", .submitTapped)
  }
  var body: some View {
    VStack {
      TextField("Email", text: $store.email).focused($store.focus, equals: .email)
      SecureField("Password", text: $store.password).focused($store.focus, equals: .password)
      Text("Count \(store.count)").foregroundColor(.green)
    }
    .keys(Self.keys) { store.send($0) }
  }
}

@MainActor
struct HelpAndFocusTests {
  @Test func theHelpBarListsTheScreensKeyTableThatAlsoDispatchesIt() {
    let store = Store(initialState: SignIn.State()) { SignIn() }
    let backend = HeadlessBackend(width: 80, height: 5)
    let app = Application(backend: backend, showsHelpBar: true, globalKeys: [("q", "quit")]) {
      SignInView(store: store)
    }
    app.renderIfNeeded()
    #expect(
      backend.buffer.lines[4].hasPrefix(
        "ctrl-s submit  tab focus  esc leave field for +  ctrl-c quit"),
      "a field has focus: one-character keys type into it, so they are listed after Esc")
    app.handle([.tab, .tab, .character("+")])
    #expect(store.count == 0)
    #expect(store.email == "+")
  }

  @Test func questionMarkShowsEveryKeyAndEscClosesIt() {
    let store = Store(initialState: SignIn.State(email: "a@b.c", password: "x")) { SignIn() }
    let backend = HeadlessBackend(width: 40, height: 14)
    let app = Application(backend: backend) {
      VStack {
        Button("Plus", shortcut: .character("+")) { store.send(.incrementTapped) }
        SignInView(store: store)
      }
    }
    app.renderIfNeeded()
    app.handle([.character("?")])
    #expect(app.isShowingHelp)
    assertScreen(backend, named: "help")
    app.handle([.character("+")])
    #expect(store.count == 0)
    app.handle([.escape])
    #expect(!app.isShowingHelp)
  }

  @Test func aReducerMovesFocusThroughBoundStateAndTabWritesItBack() {
    let store = Store(initialState: SignIn.State()) { SignIn() }
    let backend = HeadlessBackend(width: 40, height: 5)
    let app = Application(backend: backend) { SignInView(store: store) }
    app.renderIfNeeded()
    app.handle(Array("blob@x.co").map { .character($0) } + [.ctrl("s")])
    #expect(store.focus == .password)
    #expect(app.focusedIndex == 1)
    #expect(backend.buffer.cursor == Position(x: 0, y: 1))
    app.handle([.tab])
    #expect(store.focus == .email)
  }

  @Test func noColorDropsColoursButKeepsTheFocusVisible() {
    let store = Store(initialState: SignIn.State()) { SignIn() }
    let backend = HeadlessBackend(width: 30, height: 3)
    let app = Application(backend: backend, noColor: true) {
      VStack {
        Button("Go") {}
        Text("green").foregroundColor(.green)
      }
    }
    app.renderIfNeeded()
    _ = store
    assertScreen(backend, named: "no-color")
    let text = screenText(backend.buffer)
    #expect(!text.contains("fg="))
    #expect(text.contains("reverse"))
  }

  @Test func framesAreSpacedAtMostSixtyASecond() async {
    let clock = TestClock()
    let store = Store(initialState: SignIn.State()) { SignIn() }
    let app = Application(
      backend: HeadlessBackend(width: 30, height: 4), frameClock: FrameClock(clock)
    ) {
      SignInView(store: store)
    }
    app.renderIfNeeded()
    let first = app.frameCount
    for character in "abcdef" { app.handleWithinFrameRate([.character(character)]) }
    #expect(app.frameCount == first)
    #expect(store.email == "abcdef")
    // The frame waits on the clock; on a loaded machine its wait may start late, so keep
    // moving the clock until it comes (never before 17 ms, as checked above).
    for _ in 0..<100 where app.frameCount == first {
      await clock.advance(by: .milliseconds(17))
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(app.frameCount == first + 1)
    app.handleWithinFrameRate([.character("g")])
    #expect(app.frameCount == first + 1)
  }
}
