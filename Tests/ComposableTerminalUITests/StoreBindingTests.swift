import ComposableTerminalUI
import Testing

@Reducer
private struct Form {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var count = 0
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case increment
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
  }
}

@MainActor
@Test func aStoreBindingReadsStateAndSendsBindingActions() {
  let store = Store(initialState: Form.State()) { Form() }
  let email = store.binding(\.email)
  #expect(email.wrappedValue == "")
  email.wrappedValue = "blob@example.com"
  #expect(store.email == "blob@example.com")
  #expect(email.wrappedValue == "blob@example.com")
}

private struct FormView: View {
  @Bindable var store: StoreOf<Form>
  var body: some View { TextField("Email", text: $store.email) }
}

@MainActor
@Test func bindableStoresProjectBindingsToStateFields() {
  let view = FormView(store: Store(initialState: Form.State()) { Form() })
  view.$store.email.wrappedValue = "a@b.c"
  #expect(view.store.email == "a@b.c")
  #expect(render(view, size: Size(width: 6, height: 1)).lines == ["a@b.c "])
}
