// A feature's state, whose fields are the example's declarations.
@ObservableState
struct State {
  // example
}
