import ComposableTerminalUI
import Foundation
import Testing
import XCTest

// Upstream's example apps as a port to the terminal writes them: SyncUps' themes named by colour,
// Todos' edit mode kept in `@BindingState`, a login form whose bindings are view actions typed
// into a terminal view, and a signposted, animated counter. Each in XCTest or Swift Testing, on
// the main actor or off it.

private enum Theme: String, CaseIterable {
  case bubblegum, buttercup, indigo, orange, teal
  var mainColor: Color { Color(rawValue) }
  var accentColor: Color {
    switch self {
    case .bubblegum, .buttercup, .orange, .teal: .black
    case .indigo: .white
    }
  }
}

@Reducer
private struct Todos {
  struct State: Equatable {
    @BindingState var editMode: EditMode = .inactive
    var todos = ["Milk", "Eggs"]
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case deleteTapped(Int)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$editMode):
        return .none
      case .binding:
        return .none
      case let .deleteTapped(index):
        guard state.editMode.isEditing else { return .none }
        state.todos.remove(at: index)
        return .none
      }
    }
  }
}

@Reducer
private struct Login {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isValid = false
    var actions = 0
  }
  enum Action: ViewAction {
    case view(View)
    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      state.isValid = state.email.contains("@")
      state.actions += 1
      return .none
    }
  }
}

@ViewAction(for: Login.self)
private struct LoginView: View {
  @Bindable var store: StoreOf<Login>
  var body: some View {
    VStack {
      TextField("Email", text: $store.email)
      Text(store.isValid ? "valid" : "invalid")
    }
  }
}

@Reducer
private struct Counter {
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case incrementTapped
    case incremented
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        return .send(.incremented, animation: .interpolatingSpring(stiffness: 170, damping: 15))
      case .incremented:
        state.count += 1
        return .none
      }
    }
    .signpost("Counter")
  }
}

@MainActor
struct PortedAppTests {
  @Test func aThemesColourDrawsTheTextOfItsMeeting() {
    let backend = HeadlessBackend(width: 12, height: 1)
    let app = Application(backend: backend) {
      Text("Standup").foregroundColor(Theme.indigo.mainColor)
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0] == "Standup     ")
    #expect(backend.buffer[0, 0].style.foreground == Color("indigo"))
    #expect(backend.buffer[0, 0].style.foreground == .indigo)
  }

  @Test func everyThemeHasAColourOfItsOwn() {
    let colours = Theme.allCases.map(\.mainColor)
    #expect(Set(colours).count == Theme.allCases.count)
    #expect(Theme.indigo.accentColor == .white)
  }

  @Test func anEditModeInBindingStateGatesDeletion() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos()
    }
    await store.send(.deleteTapped(0))
    await store.send(.set(\.$editMode, .active)) {
      $0.editMode = .active
    }
    await store.send(.deleteTapped(0)) {
      $0.todos = ["Eggs"]
    }
  }

  @Test func typingIntoAViewActionFormSendsViewBindingActions() {
    let store = Store(initialState: Login.State()) {
      Login()
    }
    let backend = HeadlessBackend(width: 20, height: 2)
    let app = Application(backend: backend) {
      LoginView(store: store)
    }
    app.renderIfNeeded()
    app.handle("blob@pf".map { KeyEvent.character($0) })
    #expect(store.email == "blob@pf")
    #expect(store.isValid)
    #expect(backend.buffer.lines[1] == "valid               ")
  }

  @Test func emacsKeysInAViewActionFieldEditThroughTheStore() {
    let store = Store(initialState: Login.State(email: "blob@pf")) {
      Login()
    }
    let backend = HeadlessBackend(width: 20, height: 2)
    let app = Application(backend: backend) {
      LoginView(store: store)
    }
    app.renderIfNeeded()
    app.handle([.ctrl("u")])
    #expect(store.email == "")
    #expect(!store.isValid)
    #expect(backend.buffer.lines[1] == "invalid             ")
  }

  @Test func writingAFieldTheValueItHoldsSendsNothing() {
    let store = Store(initialState: Login.State(email: "blob")) {
      Login()
    }
    store.email = "blob"
    #expect(store.actions == 0)
    store.email = "blob@pf"
    #expect(store.actions == 1)
  }

  @Test func aSignpostedReducerSendsAnimatedActionsAsPlainOnes() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.incrementTapped)
    await store.receive(.incremented) {
      $0.count = 1
    }
  }
}

final class PortedAppXCTests: XCTestCase {
  func testEditModeBindingActionsCompareByValue() {
    XCTAssertEqual(Todos.Action.set(\.$editMode, .active), .binding(.set(\.$editMode, .active)))
    XCTAssertNotEqual(Todos.Action.set(\.$editMode, .active), .set(\.$editMode, .transient))
  }

  func testALocalizedStringKeyIsItsText() {
    let name = "Blob"
    XCTAssertEqual(LocalizedStringKey("Hello, \(name)"), "Hello, Blob")
    XCTAssertNotEqual(LocalizedStringKey("Hello"), "hello")
  }

  func testTodosDeletesOnlyWhileEditingOffTheMainActor() async {
    let store = await TestStore(initialState: Todos.State(editMode: .transient)) {
      Todos()
    }
    await store.send(.deleteTapped(1)) {
      $0.todos = ["Milk"]
    }
    await store.send(.binding(.set(\.$editMode, .inactive))) {
      $0.editMode = .inactive
    }
    await store.send(.deleteTapped(0))
  }

  func testASignpostedCounterFromATestOffTheMainActor() async {
    let store = await Store(initialState: Counter.State()) {
      Counter()
    }
    await store.send(.incrementTapped).finish()
    let count = await store.withState(\.count)
    XCTAssertEqual(count, 1)
  }
}

struct PortedAppOffMainActorTests {
  @Test func aViewActionFormTestedOffTheMainActor() async {
    let store = await TestStore(initialState: Login.State()) {
      Login()
    }
    await store.send(\.view.binding.email, "blob@pf") {
      $0.email = "blob@pf"
      $0.isValid = true
      $0.actions = 1
    }
  }
}
