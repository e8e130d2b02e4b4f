// An app's `state`, which shares the prelude's `Stats` with its two tabs: `CounterTab`, which
// changes them, and `ProfileTab`, which only reads them.
@Reducer
struct CounterTab {
  @ObservableState
  struct State {
    @Shared var stats: Stats
  }
  enum Action { case incrementButtonTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.$stats.withLock { $0.increment() }
      return .none
    }
  }
}

@Reducer
struct ProfileTab {
  @ObservableState
  struct State {
    @SharedReader var stats: Stats
  }
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@ObservableState
struct AppState {
  @Shared var stats: Stats
}

var state = AppState(stats: Shared(value: Stats()))
