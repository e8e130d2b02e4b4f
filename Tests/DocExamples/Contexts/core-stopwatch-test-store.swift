// A test `store` of a stopwatch that sends `.timerTicked` every second of a test `clock` until
// it is stopped.
@Reducer
struct Stopwatch {
  @ObservableState
  struct State: Equatable {
    var secondsElapsed = 0
  }
  enum Action: Equatable {
    case startButtonTapped
    case stopButtonTapped
    case timerTicked
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
        }
        .cancellable(id: CancelID.timer)
      case .stopButtonTapped:
        return .cancel(id: CancelID.timer)
      case .timerTicked:
        state.secondsElapsed += 1
        return .none
      }
    }
  }
}

let clock = TestClock()
let store = TestStore(initialState: Stopwatch.State()) {
  Stopwatch()
} withDependencies: {
  $0.continuousClock = clock
}
