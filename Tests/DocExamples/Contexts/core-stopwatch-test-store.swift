// A test `store` of a stopwatch whose effect sends `.timerTicked` every second.
@Reducer
struct Stopwatch {
  @ObservableState
  struct State: Equatable {
    var secondsElapsed = 0
  }
  enum Action: Equatable {
    case startButtonTapped
    case timerTicked
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
        }
      case .timerTicked:
        state.secondsElapsed += 1
        return .none
      }
    }
  }
}

let store = TestStore(initialState: Stopwatch.State()) { Stopwatch() }
