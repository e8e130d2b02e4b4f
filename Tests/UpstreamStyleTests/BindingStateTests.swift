import ComposableArchitecture
import Testing
import XCTest

// `@BindingState`, the binding style before `@ObservableState`: binding actions name a field by
// its projection (`\.$query`), reducers match it in a `switch`, test stores send and receive it.

@Reducer
private struct LegacySearch {
  struct State: Equatable {
    @BindingState var query = ""
    @BindingState var isOn = false
    var results = ["milk"]
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case clearTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.$query):
        state.results = state.query.isEmpty ? ["milk"] : []
        return .none
      case .binding:
        return .none
      case .clearTapped:
        return .send(.set(\.$query, ""))
      }
    }
  }
}

@MainActor
struct BindingStateTests {
  @Test func aBindingActionWritesTheWrappedField() async {
    let store = TestStore(initialState: LegacySearch.State()) {
      LegacySearch()
    }
    await store.send(.binding(.set(\.$query, "eggs"))) {
      $0.query = "eggs"
      $0.results = []
    }
  }

  @Test func onlyTheMatchedFieldRunsItsCase() async {
    let store = TestStore(initialState: LegacySearch.State()) {
      LegacySearch()
    }
    await store.send(.set(\.$isOn, true)) {
      $0.isOn = true
    }
  }

  @Test func anEffectSendsTheShorthandAndATestReceivesIt() async {
    let store = TestStore(initialState: LegacySearch.State(query: "eggs", results: [])) {
      LegacySearch()
    }
    await store.send(.clearTapped)
    await store.receive(.binding(.set(\.$query, ""))) {
      $0.query = ""
      $0.results = ["milk"]
    }
  }

  @Test func aCasePathThroughTheProjectionSendsAndReceives() async {
    let store = TestStore(initialState: LegacySearch.State(query: "eggs", results: [])) {
      LegacySearch()
    }
    await store.send(\.binding.$query, "bread") {
      $0.query = "bread"
    }
    await store.send(.clearTapped)
    await store.receive(\.binding.$query) {
      $0.query = ""
      $0.results = ["milk"]
    }
  }

  @Test func aFailedAssertionDiffsTheValueNotTheWrapper() async {
    let store = TestStore(initialState: LegacySearch.State()) {
      LegacySearch()
    }
    await withKnownIssue {
      await store.send(.set(\.$isOn, true))
    } matching: { issue in
      let text = plainMessage(of: issue)
      return text.hasPrefix("State was not expected to change, but a change occurred: …")
        && text.contains("−   _isOn: false,") && text.contains("+   _isOn: true,")
        && !text.contains("BindingState")
    }
  }
}

final class BindingStateXCTests: XCTestCase {
  func testTheWrapperIsEquatableHashableAndCodableAsItsValue() throws {
    let wrapped = BindingState(wrappedValue: 42)
    XCTAssertEqual(wrapped, BindingState(wrappedValue: 42))
    XCTAssertEqual(Set([wrapped, BindingState(wrappedValue: 42)]).count, 1)
    let data = try JSONEncoder().encode(wrapped)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "42")
    XCTAssertEqual(try JSONDecoder().decode(BindingState<Int>.self, from: data), wrapped)
  }

  func testAStoreOffTheMainActorAppliesTheAction() async {
    let store = await Store(initialState: LegacySearch.State()) {
      LegacySearch()
    }
    let query = await MainActor.run {
      store.send(.binding(.set(\.$query, "eggs")))
      return store.withState(\.query)
    }
    XCTAssertEqual(query, "eggs")
  }
}
