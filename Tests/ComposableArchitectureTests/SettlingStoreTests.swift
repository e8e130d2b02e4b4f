import ComposableArchitecture
import Testing

private struct Ticker: Reducer {
  struct State: Equatable {
    var ticks = 0
    var stack = StackState<Int>()
  }
  @CasePathable
  enum Action {
    case startTapped
    case ticked
    case stack(StackAction<Int, Never>)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.ticked)
          }
        }
      case .ticked:
        state.ticks += 1
        return .none
      case .stack:
        return .none
      }
    }
    .forEach(\.stack, action: \.stack) { EmptyReducer() }
  }
}

/// Effects that pass work back and forth between their own executor, the main actor and an actor
/// of their own, many times, before they end.
private struct Relay: Reducer {
  struct State: Equatable {
    var steps = 0
    var hops = 0
  }
  enum Action: Equatable {
    case step(Int)
    case hopTapped
    case hopped
    case hopQuietlyTapped
  }
  actor Tally {
    var count = 0
    func add() -> Int {
      count += 1
      return count
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .step(let n):
        state.steps = n
        guard n < 40 else { return .none }
        return .run { send in await send(.step(n + 1)) }
      case .hopTapped:
        return .run { send in
          let tally = Tally()
          while await tally.add() < 30 {
            await send(.hopped)
          }
        }
      case .hopped:
        state.hops += 1
        return .none
      case .hopQuietlyTapped:
        return .run { _ in
          let tally = Tally()
          while await tally.add() < 10 {
            await MainActor.run {}
          }
        }
      }
    }
  }
}

@MainActor
struct SettlingStoreTests {
  @Test func aChainOfEffectsEachStartingTheNextHasRunToItsEndOnceSettled() async {
    for _ in 0..<20 {
      let store = Store.settling(initialState: Relay.State()) { Relay() }
      store.send(.step(1))
      await store.settle()
      #expect(store.steps == 40)
      #expect(store.runningEffectCount == 0)
    }
  }

  @Test func anEffectHoppingToAnActorAndTheMainActorHasEndedOnceSettled() async {
    for _ in 0..<20 {
      let store = Store.settling(initialState: Relay.State()) { Relay() }
      store.send(.hopTapped)
      await store.settle()
      #expect(store.hops == 29)
      #expect(store.runningEffectCount == 0)
    }
  }

  @Test func aTestStoresEffectThatEndsWithoutSendingHasEndedWhenSendReturns() async {
    for _ in 0..<20 {
      let store = TestStore(initialState: Relay.State()) { Relay() }
      await store.send(.hopQuietlyTapped)
      // An effect still running here fails the test as the store goes away.
    }
  }

  @Test func aSettlingStoresTimerTicksOncePerPeriodEveryTime() async {
    for _ in 0..<5 {
      let clock = TestClock()
      let store = Store.settling(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      let task = store.send(.startTapped)
      await clock.advance(by: .seconds(5), settling: store)
      #expect(store.ticks == 5)
      task.cancel()
    }
  }

  @Test func pushingOntoAStackStoreUsesTheNextIdOfTheStoresGenerator() {
    let store = Store(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.stackElementID = .incrementing(from: 7)
    }
    let stack = store.scope(state: \.stack, action: \.stack)
    stack.push(1)
    stack.push(2)
    #expect(store.stack.ids.map(\.description) == ["#7", "#8"])
    #expect(Array(store.stack) == [1, 2])
  }
}
