// A sign-up flow: the data it collects, its steps in a stack, and a `store` testing it.
struct SignUpData: Equatable, Sendable {
  var email = ""
  var password = ""
  var passwordConfirmation = ""
}

@Reducer
struct BasicsFeature {
  @ObservableState
  struct State: Equatable {
    var signUpData: SignUpData
    var isCheckingEmail = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
struct PersonalInfoFeature {
  @ObservableState
  struct State: Equatable {
    var signUpData: SignUpData
  }
}

@Reducer
struct SignUpFeature {
  @Reducer(state: .equatable)
  enum Path {
    case basics(BasicsFeature)
    case personalInfo(PersonalInfoFeature)
  }
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    var signUpData = SignUpData()
  }
  enum Action {
    case nextButtonTapped
    case path(StackActionOf<Path>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in .none }
      .forEach(\.path, action: \.path)
  }
}

let signUpData = SignUpData(email: "blob@example.com")
let store = TestStore(initialState: SignUpFeature.State()) { SignUpFeature() }
