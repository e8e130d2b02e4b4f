import ComposableArchitecture
import Testing

struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Counter.State> = []
  }
  @CasePathable
  enum Action: Equatable {
    case rows(IdentifiedActionOf<Counter>)
    case add(id: Int)
    case remove(id: Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows: return .none
      case let .add(id):
        state.rows.append(Counter.State(id: id))
        return .none
      case let .remove(id):
        state.rows.remove(id: id)
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Counter()
    }
  }
}

@MainActor
struct ForEachTests {
  @Test func actionsReachTheElementWithTheirId() async {
    let store = TestStore(
      initialState: Rows.State(rows: [Counter.State(id: 1), Counter.State(id: 2)])
    ) { Rows() }
    await store.send(.rows(.element(id: 2, action: .incrementButtonTapped))) {
      $0.rows[id: 2]?.count = 1
    }
  }

  @Test func effectResultsGoToTheRightElementAfterOthersChange() async {
    let clock = TestClock()
    let store = TestStore(initialState: Rows.State(rows: [Counter.State(id: 1)])) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.add(id: 0)) { $0.rows.append(Counter.State(id: 0)) }
    await store.send(.remove(id: 0)) { $0.rows.remove(id: 0) }
    await store.send(.add(id: 5)) { $0.rows.append(Counter.State(id: 5)) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 1].timerTicked) { $0.rows[id: 1]?.count = 1 }
    await store.send(.rows(.element(id: 1, action: .stopTimer)))
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Rows.State(rows: [Counter.State(id: 1), Counter.State(id: 2)])
    ) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.rows(.element(id: 2, action: .startTimer)))
    await store.send(.remove(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].timerTicked) { $0.rows[id: 2]?.count = 1 }
    await store.send(.remove(id: 2)) { $0.rows = [] }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anActionForAMissingIdIsReported() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await withKnownIssue {
      await store.send(.rows(.element(id: 9, action: .incrementButtonTapped)))
    } matching: { issue in
      message(of: issue).contains("received an action for a missing element")
    }
  }

  @Test func caseKeyPathsReachElementsById() {
    let action = Rows.Action.rows(.element(id: 3, action: .incrementButtonTapped))
    #expect(action[case: \.rows[id: 3]] == .incrementButtonTapped)
    #expect(action[case: \.rows[id: 4]] == nil)
    let embedded: Rows.Action = (\Rows.Action.Cases.rows[id: 3])(.decrementButtonTapped)
    #expect(embedded == .rows(.element(id: 3, action: .decrementButtonTapped)))
  }
}
