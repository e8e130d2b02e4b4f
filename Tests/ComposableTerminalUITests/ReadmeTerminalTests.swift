import ComposableTerminalUI
import TerminalUI
import TerminalUITesting
import Testing

// The README's terminal example, verbatim, so the README cannot drift from code that works.

@Reducer
struct BasicsFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var isNextButtonDisabled: Bool { email.isEmpty || password.count < 8 }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case nextButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct SignUpBasicsView: View {
  @Bindable var store: StoreOf<BasicsFeature>
  var body: some View {
    Box(title: "Sign up") {
      TextField("Email", text: $store.email)
      SecureField("Password", text: $store.password)  // shows • per character, never the text
      Button("Next", shortcut: .enter) { store.send(.nextButtonTapped) }
        .disabled(store.isNextButtonDisabled)
    }
  }
}

@MainActor
struct ReadmeTerminalTests {
  @Test func theReadmeSignUpViewEditsTheStoreAndNeverShowsThePassword() {
    let store = Store(initialState: BasicsFeature.State()) { BasicsFeature() }
    let backend = HeadlessBackend(width: 40, height: 8)
    let app = Application(backend: backend) {
      SignUpBasicsView(store: store)
    }
    app.renderIfNeeded()
    app.handle("blob@example.com".map { KeyEvent.character($0) })
    app.handle([.tab])
    app.handle("hunter22secret".map { KeyEvent.character($0) })
    #expect(store.email == "blob@example.com")
    #expect(store.password == "hunter22secret")
    let screen = screenText(backend.buffer)
    #expect(screen.contains("blob@example.com"))
    #expect(screen.contains(String(repeating: "•", count: 14)))
    #expect(!screen.contains("hunter22"))
  }
}
