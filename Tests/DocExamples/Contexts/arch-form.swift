// A form with bindable fields, and a `store` and a `testStore` of it.
@Reducer
struct FormFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var isEmailValid = false
    var isOn = false
    var text = ""
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
      case .binding(\.email):
        return .send(.validateEmail)
      case .binding, .onAppear:
        return .none
      case .validateEmail:
        state.isEmailValid = state.email.contains("@")
        return .none
      }
    }
  }
}

let store = Store(initialState: FormFeature.State()) { FormFeature() }
let testStore = TestStore(initialState: FormFeature.State()) { FormFeature() }
