// An app whose state is an enum, logged in or logged out; the example is one of its members
// (its `body`).
@Reducer
struct LoggedInFeature {
  @ObservableState
  struct State { var username = "" }
  enum Action { case logOutButtonTapped }
  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
}

@Reducer
struct LoggedOutFeature {
  @ObservableState
  struct State { var username = "" }
  enum Action { case logInButtonTapped }
  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
}

@Reducer
struct AppFeature {
  enum State {
    case loggedIn(LoggedInFeature.State)
    case loggedOut(LoggedOutFeature.State)
  }
  enum Action {
    case loggedIn(LoggedInFeature.Action)
    case loggedOut(LoggedOutFeature.Action)
  }
  // example
}
