// A sign-up flow: a welcome screen, then steps (`basics`, `summary`) pushed on a stack of a
// `@Reducer enum Path`, their views, and a view over `@Bindable var store` whose body is the
// example.
@Reducer
struct Basics {
  @ObservableState
  struct State: Equatable { var email = "" }
  enum Action { case nextButtonTapped }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
struct Summary {
  @ObservableState
  struct State: Equatable { var email = "" }
  enum Action { case submitButtonTapped }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
struct SignUp {
  @Reducer
  enum Path {
    case basics(Basics)
    case summary(Summary)
  }
  @ObservableState
  struct State { var path = StackState<Path.State>() }
  enum Action { case path(StackActionOf<Path>) }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path)
  }
}

struct WelcomeView: View {
  let store: StoreOf<SignUp>
  var body: some View { NavigationLink("Sign up", state: SignUp.Path.State.basics(Basics.State())) }
}

struct BasicsView: View {
  let store: StoreOf<Basics>
  var body: some View { Text("Email: \(store.email)").navigationTitle("Basics") }
}

struct SummaryView: View {
  let store: StoreOf<Summary>
  var body: some View { Text("Email: \(store.email)").navigationTitle("Summary") }
}

struct SignUpView: View {
  @Bindable var store: StoreOf<SignUp>
  var body: some View {
    // example
  }
}
