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

@Reducer
private struct Account {
  @ObservableState
  struct State: Equatable {
    var profile = Profile()
    var tab = 0
    var received: [String] = []
    struct Profile: Equatable, Sendable {
      var email = ""
    }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case tabSelected(Int)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.profile.email): state.received.append("set profile.email")
      case .binding(\.profile): state.received.append("set profile")
      case .binding: state.received.append("set another field")
      case .tabSelected(let tab):
        state.tab = tab
        state.received.append("tabSelected(\(tab))")
      }
      return .none
    }
  }
}

private struct AccountView: View {
  @Bindable var store: StoreOf<Account>
  var body: some View {
    TextField("Email", text: $store.profile.email)
  }
}

@MainActor
@Test func aMemberOfAStoreBindingSendsTheWholeKeyPath() {
  let view = AccountView(store: Store(initialState: Account.State()) { Account() })
  view.$store.profile.email.wrappedValue = "blob@example.com"
  #expect(view.store.profile.email == "blob@example.com")
  view.$store.profile.wrappedValue = Account.State.Profile(email: "b@c.d")
  view.store.binding(\.profile).email.wrappedValue = "e@f.g"
  #expect(view.store.received == ["set profile.email", "set profile", "set profile.email"])
}

@MainActor
@Test func aMemberOfTheStateSendsAnActionThroughSending() {
  let view = AccountView(store: Store(initialState: Account.State()) { Account() })
  let tab = view.$store.tab.sending(\.tabSelected)
  tab.wrappedValue = 2
  #expect(tab.wrappedValue == 2)
  #expect(view.store.received == ["tabSelected(2)"])
}
