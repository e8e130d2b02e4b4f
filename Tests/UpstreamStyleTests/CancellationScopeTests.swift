import ComposableArchitecture
import Testing

// A parent's `.cancel(id:)` reaches the effects of its presented children; a child's never
// reaches a sibling's.

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case response(Int)
    case startButtonTapped
    case stopButtonTapped
  }
  enum CancelID { case effect }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .response(value):
        state.count = value
        return .none
      case .startButtonTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.response(42))
          }
        }
        .cancellable(id: CancelID.effect)
      case .stopButtonTapped:
        return .cancel(id: CancelID.effect)
      }
    }
  }
}

@Reducer
private struct TwoTickers {
  @ObservableState
  struct State: Equatable {
    @Presents var first: Ticker.State?
    @Presents var second: Ticker.State?
  }
  enum Action: Equatable {
    case first(PresentationAction<Ticker.Action>)
    case second(PresentationAction<Ticker.Action>)
    case presentButtonTapped
    case stopAllButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .first, .second:
        return .none
      case .presentButtonTapped:
        state.first = Ticker.State()
        state.second = Ticker.State()
        return .none
      case .stopAllButtonTapped:
        return .cancel(id: Ticker.CancelID.effect)
      }
    }
    .ifLet(\.$first, action: \.first) { Ticker() }
    .ifLet(\.$second, action: \.second) { Ticker() }
  }
}

@MainActor
struct CancellationScopeTests {
  @Test func aParentsCancelReachesItsPresentedChildren() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoTickers.State()) {
      TwoTickers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentButtonTapped) {
      $0.first = Ticker.State()
      $0.second = Ticker.State()
    }
    await store.send(\.first.startButtonTapped)
    await store.send(\.second.startButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.first.response, 42) { $0.first?.count = 42 }
    await store.receive(\.second.response, 42) { $0.second?.count = 42 }
    await store.send(.stopAllButtonTapped)
    await clock.run()
    await store.send(\.first.dismiss) { $0.first = nil }
    await store.send(\.second.dismiss) { $0.second = nil }
  }

  @Test func aChildsCancelDoesNotReachItsSibling() async {
    let clock = TestClock()
    let store = TestStore(initialState: TwoTickers.State()) {
      TwoTickers()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentButtonTapped) {
      $0.first = Ticker.State()
      $0.second = Ticker.State()
    }
    await store.send(\.first.startButtonTapped)
    await store.send(\.second.startButtonTapped)
    await store.send(\.first.stopButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.second.response, 42) { $0.second?.count = 42 }
    await store.send(\.second.stopButtonTapped)
  }
}
