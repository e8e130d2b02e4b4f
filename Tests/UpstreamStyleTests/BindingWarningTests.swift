import ComposableArchitecture
import Testing
import XCTest

// A field written through a store whose reducer applies no binding actions: upstream's runtime
// warning, word for word, and none when the feature's body has a BindingReducer.

@Reducer
private struct Unbound {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@Reducer
private struct Bound {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@MainActor
struct BindingWarningTests {
  @Test func bindingUnhandledAction() {
    let store = Store(initialState: Unbound.State()) {
      Unbound()
    }
    withKnownIssue {
      store.value = 42
    } matching: { issue in
      message(of: issue) == """
        A binding action sent from a store was not handled. …

          Action:
            Unbound.Action.binding(.set(_, 42))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
    }
    #expect(store.value == 0)
  }

  @Test func bindingHandledActionWarnsNothing() {
    let store = Store(initialState: Bound.State()) {
      Bound()
    }
    store.value = 42
    #expect(store.value == 42)
  }

  @Test func aTestStoreReceivesTheBindingActionAStoreWriteSends() async {
    let store = TestStore(initialState: Bound.State()) {
      Bound()
    }
    await store.send(.binding(.set(\.value, 7))) {
      $0.value = 7
    }
  }
}

final class BindingWarningOffMainActorXCTests: XCTestCase {
  func testAHandledWriteFromATestOffTheMainActor() async {
    let store = await Store(initialState: Bound.State()) {
      Bound()
    }
    let value = await MainActor.run {
      store.value = 42
      return store.value
    }
    XCTAssertEqual(value, 42)
  }
}
