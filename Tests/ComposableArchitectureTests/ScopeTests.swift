import ComposableArchitecture
import Testing

struct Auth: Reducer {
  @CasePathable
  enum State: Equatable {
    case loggedIn(Counter.State)
    case loggedOut
  }
  @CasePathable
  enum Action: Equatable {
    case loggedIn(Counter.Action)
    case logOut
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.loggedIn, action: \.loggedIn) { Counter() }
    Reduce { state, action in
      if case .logOut = action { state = .loggedOut }
      return .none
    }
  }
}

@MainActor
struct ScopeTests {
  @Test func scopeRunsTheChildOnAStructField() async {
    let store = TestStore(initialState: StoreTests.Parent.State()) { StoreTests.Parent() }
    await store.send(.child(.incrementButtonTapped)) {
      $0.child.count = 1
      $0.log = ["parent saw incrementButtonTapped"]
    }
  }

  @Test func scopeRunsTheChildOnAnEnumCase() async {
    let store = TestStore(initialState: Auth.State.loggedIn(Counter.State())) { Auth() }
    await store.send(.loggedIn(.incrementButtonTapped)) {
      $0 = .loggedIn(Counter.State(count: 1))
    }
  }

  @Test func scopeReportsAChildActionForAnotherCase() async {
    let store = TestStore(initialState: Auth.State.loggedOut) { Auth() }
    await withKnownIssue {
      await store.send(.loggedIn(.incrementButtonTapped))
    } matching: { issue in
      message(of: issue).contains(
        "received a child action when child state was set to a different case")
    }
  }
}
