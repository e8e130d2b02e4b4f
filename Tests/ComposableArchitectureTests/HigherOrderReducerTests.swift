import ComposableArchitecture
import Testing

/// S1's `logging`: wraps any reducer and records every action it receives.
struct Logging<Base: Reducer>: Reducer {
  let base: Base
  let lines: Lines
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    lines.append("\(action)")
    return base.reduce(into: &state, action: action)
  }
}

/// S1's `activityFeed`: wraps a reducer and appends to a feed in the state after it runs.
struct ActivityFeed<Base: Reducer>: Reducer where Base.State == Counter.State {
  let base: Base
  let feed: Lines
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state.count
    let effect = base.reduce(into: &state, action: action)
    if state.count != before { feed.append("count \(before) → \(state.count)") }
    return effect
  }
}

extension Reducer {
  func logging(to lines: Lines) -> Logging<Self> { Logging(base: self, lines: lines) }
}

@MainActor
struct HigherOrderReducerTests {
  @Test func aWrappingReducerSeesEveryActionOfTheWrappedOne() async {
    let lines = Lines()
    let feed = Lines()
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      ActivityFeed(base: Counter(), feed: feed).logging(to: lines)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 2 }
    await store.send(.stopTimer)
    #expect(
      lines.value == ["incrementButtonTapped", "startTimer", "timerTicked", "stopTimer"])
    #expect(feed.value == ["count 0 → 1", "count 1 → 2"])
  }
}
