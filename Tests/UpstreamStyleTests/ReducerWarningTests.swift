import ComposableArchitecture
import Testing

// Runtime warnings of the scoping reducers, and what a stack does with pushed ids, written as
// upstream's reducer tests write them.

private struct PushChild: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {}
  var body: some Reducer<State, Action> {
    EmptyReducer()
  }
}

@MainActor
struct StackPushTests {
  fileprivate struct Parent: Reducer {
    struct State: Equatable {
      var children = StackState<PushChild.State>()
    }
    @CasePathable
    enum Action: Equatable {
      case child(StackActionOf<PushChild>)
      case push
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .push:
          state.children.append(PushChild.State())
          return .none
        }
      }
      .forEach(\.children, action: \.child) { PushChild() }
    }
  }
  let line: UInt = #line - 3

  @Test func pushAppendPushAndPushAgainAfterPoppingEverything() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 1] = PushChild.State()
    }
    await store.send(.child(.push(id: 2, state: PushChild.State()))) {
      $0.children[id: 2] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 3] = PushChild.State()
    }
    await store.send(.child(.popFrom(id: 0))) {
      $0.children = StackState()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 4] = PushChild.State()
    }
  }

  @Test func pushReusedID() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 0, state: PushChild.State())))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received a "push" action for an element it already \
        contains. …

          ID:
            #0
          Path IDs:
            [#0]
        """
    }
  }

  @Test func pushIDGreaterThanNextGeneration() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 1, state: PushChild.State()))) {
        $0.children[id: 1] = PushChild.State()
      }
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received a "push" action with an unexpected \
        generational ID. …

          Received ID:
            #1
          Expected ID:
            #0
        """
    }
    // The generator moved past the pushed id.
    await store.send(.push) {
      $0.children[id: 2] = PushChild.State()
    }
  }
}
