import ComposableArchitecture
import Testing

/// A sign-in form with bindings: `email` is observable state written out by hand (what
/// `@ObservableState` generates), `password` and `isValid` are plain fields.
struct BindingSignIn: Reducer {
  struct State: Equatable {
    var email: String {
      @storageRestrictions(initializes: _email)
      init(initialValue) { _email = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.email)
        return _email
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.email, &_email, newValue, _$observationIdentity(_email),
          _$observationIdentity(newValue))
      }
    }
    private var _email: String
    var password = ""
    var isValid = false
    var _$observationRegistrar = ObservationStateRegistrar()
    var _$id: ObservableStateID { _$observationRegistrar.id }

    init(email: String = "", password: String = "", isValid: Bool = false) {
      self.email = email
      self.password = password
      self.isValid = isValid
    }
  }

  @CasePathable
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case fillInButtonTapped
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.email), .binding(\.password):
        state.isValid = state.email.contains("@") && !state.password.isEmpty
        return .none
      case .binding:
        return .none
      case .fillInButtonTapped:
        return .merge(
          .send(.binding(.set(\.email, "blob@pointfree.co"))),
          .send(.binding(.set(\.password, "secret")))
        )
      }
    }
  }
}

extension BindingSignIn.State: ObservableState {}

@MainActor
struct BindingCasePathTests {
  @Test func aStoreSendsABindingByCaseKeyPath() {
    let store = Store(initialState: BindingSignIn.State()) { BindingSignIn() }
    let email = observe { _ = store.email }
    store.send(\.binding.email, "blob@pointfree.co")
    #expect(store.email == "blob@pointfree.co")
    #expect(email.value)
    store.send(\.binding.password, "secret")
    #expect(store.password == "secret")
    #expect(store.isValid)
  }

  @Test func aTestStoreSendsABindingByCaseKeyPath() async {
    let store = TestStore(initialState: BindingSignIn.State()) { BindingSignIn() }
    await store.send(\.binding.email, "blob@pointfree.co") {
      $0.email = "blob@pointfree.co"
    }
    await store.send(\.binding.password, "secret") {
      $0.password = "secret"
      $0.isValid = true
    }
  }

  @Test func aTestStoreReceivesABindingByCaseKeyPath() async {
    let store = TestStore(initialState: BindingSignIn.State()) { BindingSignIn() }
    await store.send(.fillInButtonTapped)
    await store.receive(\.binding.email) {
      $0.email = "blob@pointfree.co"
    }
    await store.receive(\.binding.password, "secret") {
      $0.password = "secret"
      $0.isValid = true
    }
  }

  @Test func theCasePathEmbedsASetAction() {
    let action = (\BindingSignIn.Action.Cases.binding.email)("blob@pointfree.co")
    #expect(action == .binding(.set(\.email, "blob@pointfree.co")))
  }

  @Test func theCasePathExtractsTheValueOfItsFieldOnly() {
    let action = BindingSignIn.Action.binding(.set(\.password, "secret"))
    let password: String? = action[case: \.binding.password]
    let email: String? = action[case: \.binding.email]
    let other: String? = BindingSignIn.Action.fillInButtonTapped[case: \.binding.password]
    #expect(password == "secret")
    #expect(email == nil)
    #expect(other == nil)
    #expect(action.is(\.binding))
  }

  @Test func aCaseKeyPathPatternMatchesTheField() {
    let action = BindingSignIn.Action.binding(.set(\.email, "blob@pointfree.co"))
    switch action {
    case .binding(\.email): break
    default: Issue.record("Expected a binding of email")
    }
  }
}
