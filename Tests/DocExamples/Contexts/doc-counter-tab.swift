// The sharing-state article's counter tab, for its test.
@Reducer
struct CounterTab {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: Stats
  }
  enum Action {
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$stats.withLock { $0.increment() }
      return .none
    }
  }
}
