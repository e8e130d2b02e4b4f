// An app's `state`: the signed-in user, shared (`nil` while signed out), and the `profile`
// shown for them, which only reads the user.
struct User: Equatable, Sendable {
  var name = ""
}

@Reducer
struct Profile {
  @ObservableState
  struct State {
    @SharedReader var user: User
  }
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@ObservableState
struct AppState {
  @Shared var currentUser: User?
  var profile: Profile.State?
}

var state = AppState(currentUser: Shared(value: User(name: "Blob")))
