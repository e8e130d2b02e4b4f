import ComposableArchitecture
import Testing

struct IfLetParent: Reducer {
  struct State: Equatable {
    var child: Counter.State?
  }
  @CasePathable
  enum Action: Equatable {
    case child(Counter.Action)
    case present(id: Int)
    case dismiss
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child:
        return .none
      case let .present(id):
        state.child = Counter.State(id: id)
        return .none
      case .dismiss:
        state.child = nil
        return .none
      }
    }
    .ifLet(\.child, action: \.child) {
      Counter()
    }
  }
}

struct ParentWithTimer: Reducer {
  struct State: Equatable {
    var child: Counter.State?
    var ticks = 0
  }
  @CasePathable
  enum Action: Equatable {
    case child(Counter.Action)
    case startParentTimer
    case parentTicked
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .child: return .none
      case .startParentTimer:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.parentTicked) }
        }
        .cancellable(id: Counter.CancelID.timer)
      case .parentTicked:
        state.ticks += 1
        return .none
      }
    }
    .ifLet(\.child, action: \.child) { Counter() }
  }
}

@MainActor
struct IfLetTests {
  @Test func childRunsWhenPresent() async {
    let store = TestStore(initialState: IfLetParent.State()) { IfLetParent() }
    await store.send(.present(id: 1)) { $0.child = Counter.State(id: 1) }
    await store.send(.child(.incrementButtonTapped)) { $0.child?.count = 1 }
  }

  @Test func niliningTheChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: IfLetParent.State()) {
      IfLetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Counter.State(id: 1) }
    await store.send(.child(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.timerTicked)) { $0.child?.count = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func replacingTheChildWithAnotherIdentityCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: IfLetParent.State()) {
      IfLetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Counter.State(id: 1) }
    await store.send(.child(.startTimer))
    await store.send(.present(id: 2)) { $0.child = Counter.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildActionWhileNilIsReported() async {
    let store = TestStore(initialState: IfLetParent.State()) { IfLetParent() }
    await withKnownIssue {
      await store.send(.child(.incrementButtonTapped))
    } matching: { issue in
      message(of: issue).contains("received a child action when child state was \"nil\"")
    }
  }

  @Test func aParentEffectWithTheSameIdIsNotCancelledByTheChild() async {
    let clock = TestClock()
    let store = TestStore(initialState: ParentWithTimer.State(child: Counter.State())) {
      ParentWithTimer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startParentTimer)
    await store.send(.child(.stopTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.parentTicked) { $0.ticks = 1 }
    await store.skipInFlightEffects()
  }
}
