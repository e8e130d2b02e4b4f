import ComposableArchitecture
import Observation
import Testing

// What `@Reducer enum` generates, written out by hand, so enum reducers are tested without the
// macros.

/// `@Reducer enum EnumReducerDestination { case sheet(Counter) case alert(AlertState<Alert>) }`
enum EnumReducerDestination {
  case sheet(Counter)
  case alert(AlertState<Alert>)

  @CasePathable
  enum Alert: Equatable, Sendable {
    case confirmDeletion
  }

  @CasePathable
  @dynamicMemberLookup
  enum State: CaseReducerState {
    typealias StateReducer = EnumReducerDestination
    case sheet(Counter.State)
    case alert(AlertState<EnumReducerDestination.Alert>)

    var _$id: ObservableStateID {
      switch self {
      case let .sheet(state): ._$id(for: state)._$tag(0)
      case let .alert(state): ._$id(for: state)._$tag(1)
      }
    }
  }

  @CasePathable
  enum Action {
    case sheet(Counter.Action)
    case alert(Alert)
  }

  static var body: some Reducer<State, Action> {
    Scope(state: \State.Cases.sheet, action: \Action.Cases.sheet) {
      Counter()
    }
  }

  enum CaseScope {
    case sheet(StoreOf<Counter>)
    case alert(AlertState<Alert>)
  }

  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope {
    switch store.state {
    case .sheet:
      .sheet(store.scope(state: \.sheet, action: \.sheet)!)
    case let .alert(state):
      .alert(state)
    }
  }
}

extension EnumReducerDestination: CaseReducer, Reducer {}
extension EnumReducerDestination.State: ObservableState, Observation.Observable {}
extension EnumReducerDestination.State: Equatable {}
extension EnumReducerDestination.Action: Equatable {}

/// `@Reducer enum EnumReducerPath { case counter(Counter) case form(ObservedForm) }`
enum EnumReducerPath {
  case counter(Counter)
  case form(ObservedForm)

  @CasePathable
  @dynamicMemberLookup
  enum State: CaseReducerState {
    typealias StateReducer = EnumReducerPath
    case counter(Counter.State)
    case form(ObservedForm.State)

    var _$id: ObservableStateID {
      switch self {
      case let .counter(state): ._$id(for: state)._$tag(0)
      case let .form(state): ._$id(for: state)._$tag(1)
      }
    }
  }

  @CasePathable
  enum Action {
    case counter(Counter.Action)
    case form(ObservedForm.Action)
  }

  // NB: A builder inferred from the protocol requirement applies only to witnesses declared
  // where the conformance is; the conformance is in an extension, so the builder is explicit.
  @ReducerBuilder<State, Action>
  static var body: some Reducer<State, Action> {
    Scope(state: \State.Cases.counter, action: \Action.Cases.counter) {
      Counter()
    }
    Scope(state: \State.Cases.form, action: \Action.Cases.form) {
      ObservedForm()
    }
  }

  enum CaseScope {
    case counter(StoreOf<Counter>)
    case form(StoreOf<ObservedForm>)
  }

  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope {
    switch store.state {
    case .counter:
      .counter(store.scope(state: \.counter, action: \.counter)!)
    case .form:
      .form(store.scope(state: \.form, action: \.form)!)
    }
  }
}

extension EnumReducerPath: CaseReducer, Reducer {}
extension EnumReducerPath.State: ObservableState, Observation.Observable {}
extension EnumReducerPath.State: Equatable {}
extension EnumReducerPath.Action: Equatable {}

/// A parent presenting the destinations and stacking the paths, without trailing closures.
struct EnumReducerParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: EnumReducerDestination.State?
    var path = StackState<EnumReducerPath.State>()
    var deletions = 0
  }

  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<EnumReducerDestination.Action>)
    case path(StackActionOf<EnumReducerPath>)
    case deleteButtonTapped
    case sheetButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.confirmDeletion))):
        state.deletions += 1
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(.deletion)
        return .none
      case .sheetButtonTapped:
        state.destination = .sheet(Counter.State())
        return .none
      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension AlertState where Action == EnumReducerDestination.Alert {
  static let deletion = AlertState {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }
}

@MainActor
struct CaseReducerTests {
  @Test func ifLetWithoutAClosureRunsThePresentedCasesReducer() async {
    let store = TestStore(initialState: EnumReducerParent.State()) { EnumReducerParent() }
    await store.send(.sheetButtonTapped) {
      $0.destination = .sheet(Counter.State())
    }
    await store.send(\.destination.sheet.incrementButtonTapped) {
      $0.destination = .sheet(Counter.State(count: 1))
    }
    await store.send(.destination(.presented(.sheet(.incrementButtonTapped)))) {
      $0.destination = .sheet(Counter.State(count: 2))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func anAlertCaseIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: EnumReducerParent.State()) { EnumReducerParent() }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deletion)
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.destination = nil
      $0.deletions = 1
    }
  }

  @Test func aPresentedCasesEffectsAreCancelledWhenItIsReplaced() async {
    let clock = TestClock()
    let store = TestStore(initialState: EnumReducerParent.State()) {
      EnumReducerParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheetButtonTapped) {
      $0.destination = .sheet(Counter.State())
    }
    await store.send(.destination(.presented(.sheet(.startTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.sheet.timerTicked) {
      $0.destination = .sheet(Counter.State(count: 1))
    }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.deletion)
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func forEachWithoutAClosureRunsEachElementsCaseReducer() async {
    let store = TestStore(initialState: EnumReducerParent.State()) { EnumReducerParent() }
    await store.send(.path(.push(id: 0, state: .counter(Counter.State())))) {
      $0.path.append(.counter(Counter.State()))
    }
    await store.send(.path(.push(id: 1, state: .form(ObservedForm.State())))) {
      $0.path.append(.form(ObservedForm.State()))
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 1
    }
    await store.send(.path(.element(id: 1, action: .form(.emailChanged("blob@pointfree.co"))))) {
      $0.path[id: 1, case: \.form]?.email = "blob@pointfree.co"
    }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }

  @Test func storeCaseSwitchesOverTheCurrentCase() throws {
    let store = Store(initialState: EnumReducerParent.State()) { EnumReducerParent() }
    store.send(.sheetButtonTapped)
    let destination = try #require(
      store.scope(state: \.destination, action: \.destination.presented))
    switch destination.case {
    case let .sheet(sheet):
      #expect(sheet.count == 0)
      sheet.send(.incrementButtonTapped)
      #expect(sheet.count == 1)
      #expect(store.destination == .sheet(Counter.State(count: 1)))
    case .alert:
      Issue.record("Expected the sheet")
    }

    store.send(.deleteButtonTapped)
    let alertDestination = try #require(
      store.scope(state: \.destination, action: \.destination.presented))
    switch alertDestination.case {
    case .sheet:
      Issue.record("Expected the alert")
    case let .alert(alert):
      #expect(alert == .deletion)
    }
  }

  @Test func storeCaseOfStackElements() throws {
    let store = Store(initialState: EnumReducerParent.State()) {
      EnumReducerParent()
    } withDependencies: {
      $0.stackElementID = .incrementing()
    }
    store.send(.path(.push(id: 0, state: .form(ObservedForm.State()))))
    let element = try #require(store.scope(state: \.path[id: 0], action: \.path[id: 0]))
    guard case let .form(form) = element.case else {
      Issue.record("Expected the form")
      return
    }
    form.send(.emailChanged("blob@pointfree.co"))
    #expect(store.path[id: 0, case: \.form]?.email == "blob@pointfree.co")
  }

  @Test func aStoreOfTheEnumRunsItsStaticBody() {
    let store = Store(initialState: EnumReducerPath.State.counter(Counter.State())) {
      EnumReducerPath.body
    }
    guard case let .counter(counter) = store.case else {
      Issue.record("Expected the counter")
      return
    }
    counter.send(.incrementButtonTapped)
    #expect(store.state == .counter(Counter.State(count: 1)))
  }

  @Test func theEnumsInstanceBodyIsItsStaticBody() {
    let reducer = EnumReducerPath.counter(Counter())
    var state = EnumReducerPath.State.form(ObservedForm.State())
    _ = reducer.reduce(into: &state, action: .form(.passwordChanged("secret")))
    #expect(state[case: \.form]?.password == "secret")
  }

  @Test func enumStateIdentityFollowsTheCaseAndThePayload() {
    let form = ObservedForm.State()
    var changed = form
    changed.email = "changed"
    let other = ObservedForm.State()
    #expect(EnumReducerPath.State.form(form)._$id == EnumReducerPath.State.form(changed)._$id)
    #expect(EnumReducerPath.State.form(form)._$id != EnumReducerPath.State.form(other)._$id)
    // The same payload in another case is another state.
    let tagged = ObservableStateID._$id(for: form)._$tag(0)
    #expect(EnumReducerPath.State.form(form)._$id != tagged)
    // A payload that is not observable state is always new.
    let counter = EnumReducerPath.State.counter(Counter.State())
    #expect(counter._$id != counter._$id)
  }

  @Test func enumStateDumpsAsAnEnum() {
    #expect(
      String(customDumping: EnumReducerPath.State.counter(Counter.State())) == """
        EnumReducerPath.State.counter(
          Counter.State(
            id: 0,
            count: 0
          )
        )
        """
    )
  }
}
