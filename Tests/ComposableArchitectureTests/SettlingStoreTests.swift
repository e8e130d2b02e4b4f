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

@MainActor
struct SettlingStoreTests {
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
