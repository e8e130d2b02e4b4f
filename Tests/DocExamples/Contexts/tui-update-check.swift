// A reducer that checks for updates with a spinner; the example is cases of its `switch`.
@Reducer
struct UpdateCheck {
  @ObservableState
  struct State: Equatable {
    var isChecking = false
    var spinnerFrame = 0
  }
  enum Action: Sendable {
    case checkFinished
    case checkStarted
    case spinnerTicked
  }
  enum CancelID { case spinner }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .checkFinished:
        state.isChecking = false
        return .cancel(id: CancelID.spinner)
      // example
      }
    }
  }
}
