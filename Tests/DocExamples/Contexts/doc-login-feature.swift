// A login form, for views bound to a store.
@Reducer
struct Login {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var isFormValid: Bool { !email.isEmpty && !password.isEmpty }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case logInButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
