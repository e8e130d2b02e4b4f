import ComposableArchitecture
import Testing

/// The README's examples, verbatim inside a namespace, so the README cannot drift from code
/// that compiles and works.
enum ReadmeTour {
  struct CounterFeature: Reducer {
    struct State: Equatable {
      var count = 0
      var fact: String?
    }
    @CasePathable
    enum Action: Equatable {
      case decrementButtonTapped
      case incrementButtonTapped
      case factButtonTapped
      case factResponse(String)
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          try await clock.sleep(for: .seconds(1))
          await send(.factResponse("\(count) is a good number."))
        }
      case let .factResponse(fact):
        state.fact = fact
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var detail: CounterFeature.State?
      @PresentationState var alert: AlertState<Action.Alert>?
    }
    @CasePathable
    enum Action {
      case detail(PresentationAction<CounterFeature.Action>)
      case alert(PresentationAction<Alert>)
      case showDetailTapped
      case deleteTapped
      @CasePathable
      enum Alert: Equatable { case confirmDeletion }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .showDetailTapped:
          state.detail = CounterFeature.State()
          return .none
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          }
          return .none
        case .alert(.presented(.confirmDeletion)), .alert, .detail:
          return .none
        }
      }
      .ifLet(\.$detail, action: \.detail) { CounterFeature() }
      .ifLet(\.$alert, action: \.alert)  // alerts dismiss themselves after any button
    }
  }

  struct Root: Reducer {
    struct State: Equatable { var path = StackState<CounterFeature.State>() }
    @CasePathable
    enum Action { case path(StackActionOf<CounterFeature>), pushTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .pushTapped = action { state.path.append(CounterFeature.State()) }
        return .none
      }
      .forEach(\.path, action: \.path) { CounterFeature() }
    }
  }
}

@MainActor
struct ReadmeTests {
  typealias CounterFeature = ReadmeTour.CounterFeature

  @Test func factIsFetched() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse) { $0.fact = "1 is a good number." }
  }

  @Test func theParentPresentsADetailAndAnAlert() async {
    let store = TestStore(initialState: ReadmeTour.Parent.State()) { ReadmeTour.Parent() }
    await store.send(.showDetailTapped) { $0.detail = CounterFeature.State() }
    await store.send(\.detail.incrementButtonTapped) { $0.detail?.count = 1 }
    await store.send(.detail(.dismiss)) { $0.detail = nil }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(\.alert.confirmDeletion) { $0.alert = nil }
  }

  @Test func theRootPushesAndDrivesElementsById() async {
    let store = TestStore(initialState: ReadmeTour.Root.State()) { ReadmeTour.Root() }
    await store.send(.pushTapped) { $0.path.append(CounterFeature.State()) }
    await store.send(\.path[id: 0].incrementButtonTapped) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }
}
