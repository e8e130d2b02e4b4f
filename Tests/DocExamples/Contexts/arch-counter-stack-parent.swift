// The example is a member of a feature that drives a stack of counters.
@Reducer
struct AppFeature {
  @ObservableState
  struct State: Equatable {
    var path = StackState<CounterFeature.State>()
  }
  enum Action {
    case path(StackActionOf<CounterFeature>)
  }
  // example
}
