import ComposableArchitecture
import Testing
import XCTest

// A field written through a store whose reducer applies no binding actions: upstream's runtime
// warning, word for word, and none when the feature's body has a BindingReducer.

/// A form whose body applies binding actions, or not.
@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var value = 0
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
  }
  let appliesBindings: Bool
  var body: some ReducerOf<Self> {
    if appliesBindings {
      BindingReducer()
    }
  }
}

@MainActor
struct BindingWarningTests {
  @Test func bindingUnhandledAction() {
    let store = Store(initialState: Form.State()) {
      Form(appliesBindings: false)
    }
    withKnownIssue {
      store.value = 42
    } matching: { issue in
      message(of: issue) == """
        A binding action sent from a store was not handled. …

          Action:
            Form.Action.binding(.set(_, 42))

        To fix this, invoke "BindingReducer()" from your feature reducer's "body".
        """
    }
    #expect(store.value == 0)
  }

  @Test func bindingHandledActionWarnsNothing() {
    let store = Store(initialState: Form.State()) {
      Form(appliesBindings: true)
    }
    store.value = 42
    #expect(store.value == 42)
  }

  @Test func aTestStoreReceivesTheBindingActionAStoreWriteSends() async {
    let store = TestStore(initialState: Form.State()) {
      Form(appliesBindings: true)
    }
    await store.send(.binding(.set(\.value, 7))) {
      $0.value = 7
    }
  }
}

final class BindingWarningOffMainActorXCTests: XCTestCase {
  func testAHandledWriteFromATestOffTheMainActor() async {
    let store = await Store(initialState: Form.State()) {
      Form(appliesBindings: true)
    }
    let value = await MainActor.run {
      store.value = 42
      return store.value
    }
    XCTAssertEqual(value, 42)
  }
}
