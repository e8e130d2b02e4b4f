// A parent presenting a counter (the navigation article's `Parent`).
@Reducer
struct Parent {
  @ObservableState
  struct State: Equatable {
    @Presents var counter: Counter.State?
  }
  enum Action {
    case counter(PresentationAction<Counter.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$counter, action: \.counter) { Counter() }
  }
}
