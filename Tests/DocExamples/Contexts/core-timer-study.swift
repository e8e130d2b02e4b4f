// A timer study's feature and view, for the example to make a case study of.
@Reducer
struct TimerStudy {
  @ObservableState
  struct State: Equatable {
    var secondsElapsed = 0
  }
  enum Action: Sendable {
    case timerTicked
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.secondsElapsed += 1
      return .none
    }
  }
}

struct TimerStudyView: View {
  let store: StoreOf<TimerStudy>
  var body: some View { Text("\(store.secondsElapsed) s") }
}
