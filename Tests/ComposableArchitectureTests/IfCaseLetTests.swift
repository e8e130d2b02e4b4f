import ComposableArchitecture
import Testing

struct CaseParent: Reducer {
  @CasePathable
  enum State: Equatable {
    case counter(Counter.State)
    case other
  }
  @CasePathable
  enum Action: Equatable {
    case counter(Counter.Action)
    case switchToOther
    case switchToCounter
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counter: return .none
      case .switchToOther:
        state = .other
        return .none
      case .switchToCounter:
        state = .counter(Counter.State())
        return .none
      }
    }
    .ifCaseLet(\.counter, action: \.counter) {
      Counter()
    }
  }
}

@MainActor
struct IfCaseLetTests {
  @Test func theCaseReducerRunsInItsCase() async {
    let store = TestStore(initialState: CaseParent.State.counter(Counter.State())) {
      CaseParent()
    }
    await store.send(.counter(.incrementButtonTapped)) {
      $0 = .counter(Counter.State(count: 1))
    }
  }

  @Test func changingTheCaseCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: CaseParent.State.counter(Counter.State())) {
      CaseParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.counter(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.counter(.timerTicked)) { $0 = .counter(Counter.State(count: 1)) }
    await store.send(.switchToOther) { $0 = .other }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anActionForAnotherCaseIsReported() async {
    let store = TestStore(initialState: CaseParent.State.other) { CaseParent() }
    await withKnownIssue {
      await store.send(.counter(.incrementButtonTapped))
    } matching: { issue in
      message(of: issue).contains("\"ifCaseLet\"")
    }
  }
}
