import ComposableArchitecture
import Testing

// S4's sign-up flow written as in the episode, with the macros: a root feature driving a stack
// of steps through a `@Reducer enum Path`, and a basics step whose fields are bound through
// `BindingReducer`. (The `@Shared` sign-up data of S4 arrives with the shared-state issue; here
// each step owns its fields.)

@Reducer
struct SignUpFeature {
  @Reducer
  enum Path {
    case basics(BasicsFeature)
    case personalInfo(PersonalInfoFeature)
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action {
    case path(StackActionOf<Path>)
    case signUpButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path(.element(id: _, action: .basics(.delegate(.nextButtonTapped)))):
        state.path.append(.personalInfo(PersonalInfoFeature.State()))
        return .none
      case .path:
        return .none
      case .signUpButtonTapped:
        state.path.append(.basics(BasicsFeature.State()))
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension SignUpFeature.Path.State: Equatable {}

@Reducer
struct BasicsFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var passwordConfirmation = ""
    var isNextButtonDisabled: Bool {
      email.isEmpty || password.isEmpty || password != passwordConfirmation
    }
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case delegate(Delegate)
    case nextButtonTapped
    enum Delegate: Equatable {
      case nextButtonTapped
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding, .delegate:
        return .none
      case .nextButtonTapped:
        return state.isNextButtonDisabled ? .none : .send(.delegate(.nextButtonTapped))
      }
    }
  }
}

@Reducer
struct PersonalInfoFeature {
  @ObservableState
  struct State: Equatable {
    var firstName = ""
    var lastName = ""
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@MainActor
struct SignUpMacroTests {
  @Test func theBasicsStepIsFilledInThroughBindingsAndLeadsToPersonalInfo() async {
    let store = TestStore(initialState: SignUpFeature.State()) {
      SignUpFeature()
    }
    await store.send(.signUpButtonTapped) {
      $0.path.append(.basics(BasicsFeature.State()))
    }
    await store.send(\.path[id: 0].basics.binding.email, "blob@pointfree.co") {
      $0.path[id: 0, case: \.basics]?.email = "blob@pointfree.co"
    }
    await store.send(\.path[id: 0].basics.binding.password, "secret") {
      $0.path[id: 0, case: \.basics]?.password = "secret"
    }
    await store.send(\.path[id: 0].basics.nextButtonTapped)
    await store.send(\.path[id: 0].basics.binding.passwordConfirmation, "secret") {
      $0.path[id: 0, case: \.basics]?.passwordConfirmation = "secret"
    }
    await store.send(\.path[id: 0].basics.nextButtonTapped)
    await store.receive(\.path[id: 0].basics.delegate.nextButtonTapped) {
      $0.path.append(.personalInfo(PersonalInfoFeature.State()))
    }
    await store.send(\.path[id: 1].personalInfo.binding.firstName, "Blob") {
      $0.path[id: 1, case: \.personalInfo]?.firstName = "Blob"
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast()
    }
  }

  @Test func aStackOfStepsCanBeDeepLinked() async {
    let store = TestStore(
      initialState: SignUpFeature.State(
        path: StackState([
          .basics(BasicsFeature.State(email: "blob@pointfree.co")),
          .personalInfo(PersonalInfoFeature.State()),
        ])
      )
    ) {
      SignUpFeature()
    }
    await store.send(\.path[id: 1].personalInfo.binding.lastName, "McBlob") {
      $0.path[id: 1, case: \.personalInfo]?.lastName = "McBlob"
    }
  }

  @Test func theStoreDestructuresAStepIntoItsChildStore() {
    let store = Store(
      initialState: SignUpFeature.State(
        path: StackState([.basics(BasicsFeature.State(email: "blob@pointfree.co"))])
      )
    ) {
      SignUpFeature()
    }
    guard let element = store.scope(state: \.path[id: 0], action: \.path[id: 0]) else {
      Issue.record("no store for the first step")
      return
    }
    switch element.case {
    case let .basics(basicsStore):
      #expect(basicsStore.email == "blob@pointfree.co")
      basicsStore.send(.binding(.set(\.password, "secret")))
      #expect(store.path[id: 0]?.basics?.password == "secret")
    case .personalInfo:
      Issue.record("expected the basics step")
    }
  }

  @Test func anUnreadFieldChangeFiresNoObserver() {
    let store = Store(initialState: BasicsFeature.State()) { BasicsFeature() }
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = store.email
    } onChange: {
      fired.setValue(true)
    }
    store.send(\.binding.password, "secret")
    #expect(fired.value == false)
    store.send(\.binding.email, "blob@pointfree.co")
    #expect(fired.value == true)
  }

  @Test func aStepsFieldChangeFiresOnlyObserversOfThatField() {
    let store = Store(
      initialState: SignUpFeature.State(
        path: StackState([.basics(BasicsFeature.State()), .personalInfo(.init())])
      )
    ) {
      SignUpFeature()
    }
    let emailChanged = LockIsolated(false)
    let firstNameChanged = LockIsolated(false)
    withObservationTracking {
      _ = store.path[id: 0]?.basics?.email
    } onChange: {
      emailChanged.setValue(true)
    }
    withObservationTracking {
      _ = store.path[id: 1]?.personalInfo?.firstName
    } onChange: {
      firstNameChanged.setValue(true)
    }
    store.send(\.path[id: 1].personalInfo.binding.lastName, "McBlob")
    #expect(emailChanged.value == false)
    #expect(firstNameChanged.value == false)
    store.send(\.path[id: 0].basics.binding.email, "blob@pointfree.co")
    #expect(emailChanged.value == true)
    #expect(firstNameChanged.value == false)
  }
}
