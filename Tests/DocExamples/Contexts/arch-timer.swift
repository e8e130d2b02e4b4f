// A timer feature; the example is the body of its `Reduce`.
@Reducer
struct TimerFeature {
  @ObservableState
  struct State: Equatable {
    var isTimerRunning = false
    var secondsElapsed = 0
  }
  enum Action {
    case startButtonTapped
    case started
    case stopButtonTapped
    case timerTicked
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      // example
    }
  }
}
