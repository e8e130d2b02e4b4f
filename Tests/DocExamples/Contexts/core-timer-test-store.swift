// A test `store` of a timer that ticks every second on a test `clock` until it is stopped.
@Reducer
struct TimerFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case startButtonTapped
    case stopButtonTapped
    case tick
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopButtonTapped:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.count += 1
        return .none
      }
    }
  }
}

let clock = TestClock()
let store = TestStore(initialState: TimerFeature.State()) {
  TimerFeature()
} withDependencies: {
  $0.continuousClock = clock
}
