// A test `store` of a sign-up flow whose steps, pushed on a `path`, edit one shared
// `signUpData`; its first step, `basics`, whose `email` field binds, is pushed.
struct SignUpData: Equatable, Sendable {
  var email = ""
  var password = ""
}

@Reducer
struct BasicsFeature {
  @ObservableState
  struct State: Equatable {
    @Shared var signUpData: SignUpData
    var email: String {
      get { signUpData.email }
      set { $signUpData.withLock { $0.email = newValue } }
    }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
struct SignUpFeature {
  @Reducer
  enum Path {
    case basics(BasicsFeature)
  }
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
    @Shared var signUpData: SignUpData
  }
  enum Action {
    case path(StackActionOf<Path>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path)
  }
}
extension SignUpFeature.Path.State: Equatable {}

let signUpData = Shared(value: SignUpData())
let store = TestStore(
  initialState: SignUpFeature.State(
    path: [.basics(BasicsFeature.State(signUpData: signUpData))], signUpData: signUpData)
) {
  SignUpFeature()
}
