// The example is the body of a form reducer that validates its email field.
@Reducer
struct FormFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isEmailValid = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case validateEmail
  }
  // example
}
