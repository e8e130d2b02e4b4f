import ComposableArchitecture
import Testing
import XCTest

// Binding actions that are view actions (`case view(View)`, `View: BindableAction`), as
// upstream's example apps write them: `BindingReducer(action: \.view)` applies them, and a
// store's field write sends `.view(.binding(…))`.

@Reducer
private struct Login {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isValid = false
  }
  enum Action: ViewAction {
    case validated(Bool)
    case view(View)
    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
      case submitTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.email)):
        return .send(.validated(state.email.contains("@")))
      case let .validated(isValid):
        state.isValid = isValid
        return .none
      case .view:
        return .none
      }
    }
  }
}

@Reducer
private struct LoginWithoutBindings {
  @ObservableState
  struct State: Equatable {
    var email = ""
  }
  enum Action: ViewAction {
    case view(View)
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@MainActor
struct ViewActionBindingTests {
  @Test func bindingReducerAppliesTheViewCasesBindingActions() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    }
    await store.send(.view(.binding(.set(\.email, "blob@pointfree.co")))) {
      $0.email = "blob@pointfree.co"
    }
    await store.receive(\.validated) {
      $0.isValid = true
    }
  }

  @Test func aCasePathThroughTheViewCaseSends() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    }
    await store.send(\.view.binding.email, "blob") {
      $0.email = "blob"
    }
    await store.receive(\.validated)
  }

  @Test func aStoreFieldWriteSendsTheViewBindingAction() {
    let store = Store(initialState: Login.State()) {
      Login()
    }
    store.email = "blob@pointfree.co"
    #expect(store.email == "blob@pointfree.co")
    #expect(store.isValid)
  }

  @Test func aStoreFieldWriteThatNoReducerAppliesWarns() {
    let store = Store(initialState: LoginWithoutBindings.State()) {
      LoginWithoutBindings()
    }
    withKnownIssue {
      store.email = "blob"
    } matching: { issue in
      message(of: issue) == """
        A binding action sent from a store was not handled. …

          Action:
            LoginWithoutBindings.Action.View.binding(.set(_, "blob"))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
    }
    #expect(store.email == "")
  }
}

final class ViewActionBindingXCTests: XCTestCase {
  func testOtherViewActionsPassThroughTheBindingReducer() async {
    let store = await TestStore(initialState: Login.State(email: "blob")) {
      Login()
    }
    await store.send(.view(.submitTapped))
  }
}
