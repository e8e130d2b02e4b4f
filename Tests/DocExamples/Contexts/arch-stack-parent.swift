// The example is a member of a feature that drives a stack of counters (with arch-path).
@Reducer
struct AppFeature {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action {
    case path(StackActionOf<Path>)
  }
  // example
}
