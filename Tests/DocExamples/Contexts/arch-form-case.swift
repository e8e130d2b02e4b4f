// A form with bindable fields; the example is a case of its reducer's `switch action`.
@Reducer
struct FormFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isEmailValid = false
    var isOn = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case onAppear
    case validateEmail
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .validateEmail:
        state.isEmailValid = state.email.contains("@")
        return .none
      // example
      default:
        return .none
      }
    }
  }
}
