import ComposableArchitecture
import Foundation
import Observation
import Testing

// The code `@ObservableState` and `@Presents` generate, written out by hand, so the runtime is
// tested without the macros.

/// A form: `@ObservableState struct State { var email = ""; var password = "" }` expanded, with
/// an untracked `id` (`@ObservationStateIgnored`).
struct ObservedForm: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0

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
      _modify {
        let identity = _$observationIdentity(_email)
        defer {
          if _$observationIdentity(_email) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.email)
          }
        }
        yield &_email
      }
    }
    private var _email: String

    var password: String {
      @storageRestrictions(initializes: _password)
      init(initialValue) { _password = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.password)
        return _password
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.password, &_password, newValue, _$observationIdentity(_password),
          _$observationIdentity(newValue))
      }
      _modify {
        let identity = _$observationIdentity(_password)
        defer {
          if _$observationIdentity(_password) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.password)
          }
        }
        yield &_password
      }
    }
    private var _password: String

    var _$observationRegistrar = ObservationStateRegistrar()
    var _$id: ObservableStateID { _$observationRegistrar.id }

    init(id: Int = 0, email: String = "", password: String = "") {
      self.id = id
      self.email = email
      self.password = password
    }
  }

  @CasePathable
  enum Action: Equatable {
    case emailChanged(String)
    case passwordChanged(String)
    case nothing
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .emailChanged(email):
      state.email = email
    case let .passwordChanged(password):
      state.password = password
    case .nothing:
      break
    }
    return .none
  }
}

extension ObservedForm.State: ObservableState, Observation.Observable {}

/// A parent of forms in every place a child can be: a field, a sibling field, `@Presents`, a
/// stack and an identified array.
struct ObservedParent: Reducer {
  struct State: Equatable {
    var child: ObservedForm.State {
      @storageRestrictions(initializes: _child)
      init(initialValue) { _child = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.child)
        return _child
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.child, &_child, newValue, _$observationIdentity(_child),
          _$observationIdentity(newValue))
      }
      _modify {
        let identity = _$observationIdentity(_child)
        defer {
          if _$observationIdentity(_child) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.child)
          }
        }
        yield &_child
      }
    }
    private var _child: ObservedForm.State

    var sibling: ObservedForm.State {
      @storageRestrictions(initializes: _sibling)
      init(initialValue) { _sibling = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.sibling)
        return _sibling
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.sibling, &_sibling, newValue, _$observationIdentity(_sibling),
          _$observationIdentity(newValue))
      }
      _modify {
        let identity = _$observationIdentity(_sibling)
        defer {
          if _$observationIdentity(_sibling) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.sibling)
          }
        }
        yield &_sibling
      }
    }
    private var _sibling: ObservedForm.State

    // `@Presents var sheet: ObservedForm.State?`. The macro names the projection `$sheet`, a
    // name only macros may declare; by hand it is `sheetPresentation`.
    var sheet: ObservedForm.State? {
      @storageRestrictions(initializes: _sheet)
      init(initialValue) { _sheet = PresentationState(wrappedValue: initialValue) }
      get {
        _$observationRegistrar.access(self, keyPath: \.sheet)
        return _sheet.wrappedValue
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.sheet, &_sheet.wrappedValue, newValue,
          _$observationIdentity(_sheet.wrappedValue), _$observationIdentity(newValue))
      }
    }
    var sheetPresentation: PresentationState<ObservedForm.State> {
      get {
        _$observationRegistrar.access(self, keyPath: \.sheet)
        return _sheet.projectedValue
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.sheet, &_sheet.projectedValue, newValue,
          _$observationIdentity(_sheet.projectedValue), _$observationIdentity(newValue))
      }
    }
    private var _sheet: PresentationState<ObservedForm.State>

    var path: StackState<ObservedForm.State> {
      @storageRestrictions(initializes: _path)
      init(initialValue) { _path = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.path)
        return _path
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.path, &_path, newValue, _$observationIdentity(_path),
          _$observationIdentity(newValue))
      }
      _modify {
        let identity = _$observationIdentity(_path)
        defer {
          if _$observationIdentity(_path) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.path)
          }
        }
        yield &_path
      }
    }
    private var _path: StackState<ObservedForm.State>

    var rows: IdentifiedArrayOf<ObservedForm.State> {
      @storageRestrictions(initializes: _rows)
      init(initialValue) { _rows = initialValue }
      get {
        _$observationRegistrar.access(self, keyPath: \.rows)
        return _rows
      }
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \.rows, &_rows, newValue, _$observationIdentity(_rows),
          _$observationIdentity(newValue))
      }
      _modify {
        let identity = _$observationIdentity(_rows)
        defer {
          if _$observationIdentity(_rows) != identity {
            _$observationRegistrar.didModify(self, keyPath: \.rows)
          }
        }
        yield &_rows
      }
    }
    private var _rows: IdentifiedArrayOf<ObservedForm.State>

    var _$observationRegistrar = ObservationStateRegistrar()
    var _$id: ObservableStateID { _$observationRegistrar.id }

    init(
      child: ObservedForm.State = ObservedForm.State(),
      sibling: ObservedForm.State = ObservedForm.State(),
      sheet: ObservedForm.State? = nil,
      path: StackState<ObservedForm.State> = StackState(),
      rows: IdentifiedArrayOf<ObservedForm.State> = []
    ) {
      self.child = child
      self.sibling = sibling
      self.sheet = sheet
      self.path = path
      self.rows = rows
    }
  }

  @CasePathable
  enum Action: Equatable {
    case child(ObservedForm.Action)
    case sibling(ObservedForm.Action)
    case sheet(PresentationAction<ObservedForm.Action>)
    case path(StackActionOf<ObservedForm>)
    case rows(IdentifiedActionOf<ObservedForm>)
    case presentSheet
    case replaceChild
    case replaceState
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { ObservedForm() }
    Scope(state: \.sibling, action: \.sibling) { ObservedForm() }
    Reduce { state, action in
      switch action {
      case .presentSheet:
        state.sheet = ObservedForm.State(email: "sheet@pointfree.co")
      case .replaceChild:
        state.child = ObservedForm.State(email: state.child.email)
      case .replaceState:
        state = State()
      case .child, .sibling, .sheet, .path, .rows:
        break
      }
      return .none
    }
    .ifLet(\.sheetPresentation, action: \.sheet) { ObservedForm() }
    .forEach(\.path, action: \.path) { ObservedForm() }
    .forEach(\.rows, action: \.rows) { ObservedForm() }
  }
}

extension ObservedParent.State: ObservableState, Observation.Observable {}

/// A parent whose child is optional (plain state, not observable).
struct ObservedOuter: Reducer {
  struct State: Equatable {
    var inner: ObservedParent.State?
  }
  @CasePathable
  enum Action: Equatable {
    case inner(ObservedParent.Action)
    case remove
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .remove = action { state.inner = nil }
      return .none
    }
    .ifLet(\.inner, action: \.inner) { ObservedParent() }
  }
}

/// Whether something read inside `read` changed: the flag of `withObservationTracking`'s
/// `onChange`.
@MainActor
func observe(_ read: () -> Void) -> LockIsolated<Bool> {
  let changed = LockIsolated(false)
  withObservationTracking {
    read()
  } onChange: {
    changed.setValue(true)
  }
  return changed
}

@MainActor
struct ObservationTests {
  // MARK: Fields of the root

  @Test func aChangeOfAnotherFieldDoesNotNotifyAReaderOfAField() {
    let store = Store(initialState: ObservedForm.State()) { ObservedForm() }
    let email = observe { _ = store.email }
    store.send(.passwordChanged("secret"))
    #expect(!email.value)
    #expect(store.password == "secret")
  }

  @Test func aChangeOfAFieldNotifiesItsReader() {
    let store = Store(initialState: ObservedForm.State()) { ObservedForm() }
    let email = observe { _ = store.email }
    store.send(.emailChanged("blob@pointfree.co"))
    #expect(email.value)
    #expect(store.email == "blob@pointfree.co")
  }

  @Test func anActionThatChangesNothingNotifiesNoReaderOfObservableState() {
    let store = Store(initialState: ObservedForm.State()) { ObservedForm() }
    let state = observe { _ = store.state }
    let email = observe { _ = store.withState(\.email) }
    store.send(.nothing)
    #expect(!state.value)
    #expect(!email.value)
  }

  @Test func readsThroughStateAndWithStateAreTrackedToo() {
    let store = Store(initialState: ObservedForm.State()) { ObservedForm() }
    let viaState = observe { _ = store.state.email }
    let viaWithState = observe { _ = store.withState { $0.email } }
    store.send(.emailChanged("blob@pointfree.co"))
    #expect(viaState.value)
    #expect(viaWithState.value)
  }

  @Test func replacingTheRootStateNotifiesEveryReader() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let email = observe { _ = child.email }
    store.send(.replaceState)
    #expect(email.value)
  }

  @Test func aPlainRootStateNotifiesAfterEverySend() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let count = observe { _ = store.count }
    store.send(.stopTimer)  // changes nothing
    #expect(count.value)
    #expect(store.count == 0)
  }

  @Test func anUnreadStoreSendsWithoutObservers() {
    let store = Store(initialState: Counter.State()) { Counter() }
    store.send(.incrementButtonTapped)
    let count = observe { _ = store.count }
    #expect(!count.value)
    store.send(.incrementButtonTapped)
    #expect(count.value)
    #expect(store.count == 2)
  }

  @Test func anObserverCanSendFromItsOnChange() {
    let store = Store(initialState: ObservedForm.State()) { ObservedForm() }
    withObservationTracking {
      _ = store.email
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.passwordChanged("changed")) }
    }
    store.send(.emailChanged("blob@pointfree.co"))
    #expect(store.password == "changed")
  }

  // MARK: Scoped stores

  @Test func aScopedStoreIsNotNotifiedByASiblingSlice() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let email = observe { _ = child.email }
    store.send(.sibling(.emailChanged("sibling@pointfree.co")))
    #expect(!email.value)
    #expect(store.sibling.email == "sibling@pointfree.co")
  }

  @Test func aScopedStoreIsNotifiedByItsOwnSlice() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let email = observe { _ = child.email }
    let password = observe { _ = child.password }
    child.send(.emailChanged("blob@pointfree.co"))
    #expect(email.value)
    #expect(!password.value)
    #expect(child.email == "blob@pointfree.co")
  }

  @Test func replacingAChildNotifiesReadersOfItsFieldsThroughTheParent() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child = store.scope(state: \.child, action: \.child)
    let email = observe { _ = child.email }
    let sibling = observe { _ = store.sibling.email }
    store.send(.replaceChild)
    #expect(email.value)
    #expect(!sibling.value)
  }

  // MARK: Presentation

  @Test func presentingAndDismissingNotifyReadersOfTheDestination() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let presented = observe { _ = store.sheet }
    let child = observe { _ = store.child.email }
    store.send(.presentSheet)
    #expect(presented.value)
    #expect(!child.value)

    let dismissed = observe { _ = store.sheet }
    store.send(.sheet(.dismiss))
    #expect(dismissed.value)
    #expect(store.sheet == nil)
  }

  @Test func aPresentedChildsFieldNotifiesOnlyItsReaders() throws {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    store.send(.presentSheet)
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    let email = observe { _ = sheet.email }
    let password = observe { _ = sheet.password }
    let destination = observe { _ = store.sheet.map { _ in () } }
    sheet.send(.emailChanged("blob@pointfree.co"))
    #expect(email.value)
    #expect(!password.value)
    #expect(!destination.value)
    #expect(sheet.email == "blob@pointfree.co")
  }

  // MARK: Collections

  @Test func aStackElementChangedInPlaceNotifiesItsFieldNotThePath() throws {
    let store = Store(initialState: ObservedParent.State()) {
      ObservedParent()
    } withDependencies: {
      $0.stackElementID = .incrementing()
    }
    store.send(.path(.push(id: 0, state: ObservedForm.State())))
    let element = try #require(store.scope(state: \.path[id: 0], action: \.path[id: 0]))
    let path = observe { _ = store.path }
    let email = observe { _ = element.email }
    let password = observe { _ = element.password }
    element.send(.emailChanged("blob@pointfree.co"))
    #expect(!path.value)
    #expect(email.value)
    #expect(!password.value)
    #expect(store.path[id: 0]?.email == "blob@pointfree.co")

    let pushed = observe { _ = store.path }
    store.send(.path(.push(id: 1, state: ObservedForm.State())))
    #expect(pushed.value)
  }

  @Test func anIdentifiedArrayElementChangedInPlaceNotifiesItsFieldNotTheArray() throws {
    let store = Store(
      initialState: ObservedParent.State(rows: [ObservedForm.State(id: 1)])
    ) {
      ObservedParent()
    }
    let row = try #require(store.scope(state: \.rows[id: 1], action: \.rows[id: 1]))
    let rows = observe { _ = store.rows }
    let email = observe { _ = row.email }
    row.send(.emailChanged("blob@pointfree.co"))
    #expect(!rows.value)
    #expect(email.value)
    #expect(store.rows[id: 1]?.email == "blob@pointfree.co")
  }

  // MARK: Effects

  @Test func aMutationFromAnEffectNotifies() async {
    struct Ticker: Reducer {
      // A local type conforms in its declaration; the macro writes an extension.
      struct State: Equatable, ObservableState {
        var count: Int {
          @storageRestrictions(initializes: _count)
          init(initialValue) { _count = initialValue }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(
              self, keyPath: \.count, &_count, newValue, _$observationIdentity(_count),
              _$observationIdentity(newValue))
          }
        }
        private var _count: Int
        var _$observationRegistrar = ObservationStateRegistrar()
        var _$id: ObservableStateID { _$observationRegistrar.id }
        init(count: Int = 0) { self.count = count }
      }
      enum Action { case start, tick }
      @Dependency(\.continuousClock) var clock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        case .tick:
          state.count += 1
          return .none
        }
      }
    }
    let clock = TestClock()
    let store = Store(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let count = observe { _ = store.count }
    store.send(.start)
    #expect(!count.value)
    #expect(await waitForSleeper(on: clock))
    await clock.advance(by: .seconds(1))
    #expect(await eventually { count.value })
    #expect(store.count == 1)
  }

  // MARK: Optional scoping

  @Test func scopingToAbsentStateGivesNil() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
  }

  @Test func anOptionalChildStoreKeepsItsLastStateAfterTheChildIsGone() throws {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    store.send(.presentSheet)
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) === sheet)
    sheet.send(.emailChanged("last@pointfree.co"))
    #expect(sheet.email == "last@pointfree.co")  // a view renders what changed
    store.send(.sheet(.dismiss))
    #expect(store.sheet == nil)
    #expect(sheet.email == "last@pointfree.co")
    #expect(sheet.state.email == "last@pointfree.co")
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
  }

  @Test func storesScopedBelowAnOptionalChildReadThroughIt() throws {
    let store = Store(initialState: ObservedOuter.State(inner: ObservedParent.State())) {
      ObservedOuter()
    }
    let inner = try #require(store.scope(state: \.inner, action: \.inner))
    let child = inner.scope(state: \.child, action: \.child)
    let email = observe { _ = child.email }
    child.send(.emailChanged("blob@pointfree.co"))
    #expect(email.value)
    #expect(store.inner?.child.email == "blob@pointfree.co")

    store.send(.inner(.presentSheet))
    let sheet = try #require(inner.scope(state: \.sheet, action: \.sheet.presented))
    #expect(sheet.email == "sheet@pointfree.co")

    store.send(.remove)
    #expect(child.email == "blob@pointfree.co")
    #expect(sheet.email == "sheet@pointfree.co")
  }

  @Test func scopingToANonOptionalFieldStillGivesAStore() {
    let store = Store(initialState: ObservedParent.State()) { ObservedParent() }
    let child: Store<ObservedForm.State, ObservedForm.Action> = store.scope(
      state: \.child, action: \.child)
    #expect(child.email == "")
  }
}

// MARK: - The runtime the macros call

@MainActor
struct ObservableStateRuntimeTests {
  @Test func identitiesAreUniqueAndSharedByCopies() {
    let first = ObservableStateID()
    let second = ObservableStateID()
    #expect(first != second)

    let state = ObservedForm.State()
    var copy = state
    copy.email = "changed"
    #expect(copy._$id == state._$id)
    #expect(ObservedForm.State()._$id != state._$id)
  }

  @Test func tagsTellCasesApart() {
    let id = ObservableStateID()
    #expect(id._$tag(0) != id._$tag(1))
    #expect(id._$tag(0) == id._$tag(0))
    #expect(id._$tag(0) != id)
    #expect(id._$tag(0)._$tag(1) != id._$tag(1)._$tag(0))
    #expect(id._$tag(0)._$tag(0) != id._$tag(0))
    #expect(id._$tag(70_000) != id._$tag(70_001))
    #expect(
      id._$tag(1)._$tag(2)._$tag(3)._$tag(4)._$tag(5)
        != id._$tag(1)._$tag(2)._$tag(3)._$tag(4)._$tag(6))
  }

  @Test func valuesThatAreNotObservableStateAlwaysGetANewIdentity() {
    let state = ObservedForm.State()
    #expect(ObservableStateID._$id(for: state) == state._$id)
    #expect(ObservableStateID._$id(for: state as Any) == state._$id)
    #expect(ObservableStateID._$id(for: 1) != ObservableStateID._$id(for: 1))
  }

  @Test func theRegistrarIsInvisibleToEqualityHashingAndCoding() throws {
    let first = ObservationStateRegistrar()
    let second = ObservationStateRegistrar()
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first.id != second.id)
    #expect(ObservedForm.State(email: "a") == ObservedForm.State(email: "a"))
    #expect(ObservedForm.State(email: "a") != ObservedForm.State(email: "b"))
  }

  @Test func theRegistrarEncodesNothingAndDecodesToANewIdentity() throws {
    struct Saved: Codable, Equatable {
      var name = "Blob"
      var _$observationRegistrar = ObservationStateRegistrar()
    }
    let saved = Saved()
    let data = try JSONEncoder().encode(saved)
    let decoded = try JSONDecoder().decode(Saved.self, from: data)
    #expect(decoded == saved)
    #expect(decoded.name == "Blob")
    #expect(decoded._$observationRegistrar.id != saved._$observationRegistrar.id)
  }

  @Test func observableStateDumpsItsFieldsByTheirNames() {
    let state = ObservedForm.State(email: "blob@pointfree.co", password: "secret")
    #expect(
      String(customDumping: state) == """
        ObservedForm.State(
          id: 0,
          email: "blob@pointfree.co",
          password: "secret"
        )
        """
    )
    var changed = state
    changed.email = "blob.jr@pointfree.co"
    #expect(
      diff(state, changed) == """
          ObservedForm.State(
            id: 0,
        -   email: "blob@pointfree.co",
        +   email: "blob.jr@pointfree.co",
            password: "secret"
          )
        """
    )
  }

  @Test func aStateWithPresentationDumpsTheWrappedChild() {
    let state = ObservedParent.State(sheet: ObservedForm.State(email: "sheet"))
    let dump = String(customDumping: state)
    #expect(dump.contains("sheet: ObservedForm.State("))
    #expect(!dump.contains("_$"))
    #expect(!dump.contains("_child"))
  }

  @Test func inPlaceModificationOfAFieldNotifiesOnlyWhenItsIdentityChanges() {
    var state = ObservedParent.State()
    let child = observe { _ = state.child }
    state.child.email = "blob@pointfree.co"
    #expect(!child.value)

    let replaced = observe { _ = state.child }
    state.child = ObservedForm.State()
    #expect(replaced.value)

    let text = observe { _ = state.child.email }
    state.child.email.append("!")
    #expect(text.value)
  }
}

// MARK: - `_$observationIdentity`, picked by static type as generated accessors do

/// A state with a field of every type the overloads cover; each setter is the generated one.
struct IdentityFields {
  var registrar = ObservationStateRegistrar()
  var _child = ObservedForm.State()
  var _optional: ObservedForm.State? = ObservedForm.State()
  var _array = [ObservedForm.State()]
  var _identified: IdentifiedArrayOf<ObservedForm.State> = [ObservedForm.State(id: 1)]
  var _stack = StackState<ObservedForm.State>()
  var _presentation = PresentationState<ObservedForm.State>(wrappedValue: ObservedForm.State())
  var _number = 0
  var _text = ""

  var child: ObservedForm.State {
    get { _child }
    set {
      registrar.mutate(
        self, keyPath: \.child, &_child, newValue, _$observationIdentity(_child),
        _$observationIdentity(newValue))
    }
  }
  var optional: ObservedForm.State? {
    get { _optional }
    set {
      registrar.mutate(
        self, keyPath: \.optional, &_optional, newValue, _$observationIdentity(_optional),
        _$observationIdentity(newValue))
    }
  }
  var array: [ObservedForm.State] {
    get { _array }
    set {
      registrar.mutate(
        self, keyPath: \.array, &_array, newValue, _$observationIdentity(_array),
        _$observationIdentity(newValue))
    }
  }
  var identified: IdentifiedArrayOf<ObservedForm.State> {
    get { _identified }
    set {
      registrar.mutate(
        self, keyPath: \.identified, &_identified, newValue, _$observationIdentity(_identified),
        _$observationIdentity(newValue))
    }
  }
  var stack: StackState<ObservedForm.State> {
    get { _stack }
    set {
      registrar.mutate(
        self, keyPath: \.stack, &_stack, newValue, _$observationIdentity(_stack),
        _$observationIdentity(newValue))
    }
  }
  var presentation: PresentationState<ObservedForm.State> {
    get { _presentation }
    set {
      registrar.mutate(
        self, keyPath: \.presentation, &_presentation, newValue,
        _$observationIdentity(_presentation), _$observationIdentity(newValue))
    }
  }
  var number: Int {
    get { _number }
    set {
      registrar.mutate(
        self, keyPath: \.number, &_number, newValue, _$observationIdentity(_number),
        _$observationIdentity(newValue))
    }
  }
  var text: String {
    get { _text }
    set {
      registrar.mutate(
        self, keyPath: \.text, &_text, newValue, _$observationIdentity(_text),
        _$observationIdentity(newValue))
    }
  }

  /// Whether setting a field notified its observers.
  @MainActor
  mutating func notifies<Value>(
    _ keyPath: WritableKeyPath<Self, Value>, _ transform: (inout Value) -> Void
  ) -> Bool {
    let changed = LockIsolated(false)
    let copy = self
    withObservationTracking {
      copy.registrar.access(copy, keyPath: keyPath)
    } onChange: {
      changed.setValue(true)
    }
    var value = self[keyPath: keyPath]
    transform(&value)
    self[keyPath: keyPath] = value
    return changed.value
  }
}

extension IdentityFields: Observation.Observable {}

@MainActor
struct IsIdentityEqualTests {
  @Test func sameIdentitiesDoNotNotify() {
    var fields = IdentityFields()
    #expect(!fields.notifies(\.child) { $0.email = "changed" })
    #expect(!fields.notifies(\.optional) { $0?.email = "changed" })
    #expect(!fields.notifies(\.array) { $0[0].email = "changed" })
    #expect(!fields.notifies(\.identified) { $0[id: 1]?.email = "changed" })
    #expect(!fields.notifies(\.stack) { _ in })
    #expect(!fields.notifies(\.presentation) { $0.wrappedValue?.email = "changed" })
  }

  @Test func newIdentitiesNotify() {
    var fields = IdentityFields()
    #expect(fields.notifies(\.child) { $0 = ObservedForm.State() })
    #expect(fields.notifies(\.optional) { $0 = nil })
    #expect(fields.notifies(\.optional) { $0 = ObservedForm.State() })
    #expect(fields.notifies(\.array) { $0.append(ObservedForm.State()) })
    #expect(fields.notifies(\.array) { $0[0] = ObservedForm.State() })
    #expect(fields.notifies(\.identified) { $0.append(ObservedForm.State(id: 2)) })
    #expect(fields.notifies(\.identified) { $0[id: 1] = ObservedForm.State(id: 1) })
    #expect(fields.notifies(\.stack) { $0.append(ObservedForm.State()) })
    #expect(fields.notifies(\.presentation) { $0.wrappedValue = nil })
  }

  @Test func plainValuesAlwaysNotify() {
    var fields = IdentityFields()
    #expect(fields.notifies(\.number) { _ in })
    #expect(fields.notifies(\.text) { _ in })
  }

  @Test func eachOverloadComparesIdentities() {
    let state = ObservedForm.State()
    var changed = state
    changed.email = "changed"
    let other = ObservedForm.State()
    let none: ObservedForm.State? = nil

    #expect(_$observationIdentity(state) == _$observationIdentity(changed))
    #expect(_$observationIdentity(state) != _$observationIdentity(other))
    #expect(_$observationIdentity(Optional(state)) == _$observationIdentity(Optional(changed)))
    #expect(_$observationIdentity(none) == _$observationIdentity(none))
    #expect(_$observationIdentity(Optional(state)) != _$observationIdentity(none))
    #expect(_$observationIdentity([state]) == _$observationIdentity([changed]))
    #expect(_$observationIdentity([state]) != _$observationIdentity([other]))
    #expect(_$observationIdentity([state]) != _$observationIdentity([state, state]))
    let rows = IdentifiedArrayOf<ObservedForm.State>(uniqueElements: [state])
    let changedRows = IdentifiedArrayOf<ObservedForm.State>(uniqueElements: [changed])
    let otherRows = IdentifiedArrayOf<ObservedForm.State>(uniqueElements: [other])
    #expect(_$observationIdentity(rows) == _$observationIdentity(changedRows))
    #expect(_$observationIdentity(rows) != _$observationIdentity(otherRows))
    let stack = StackState([state])
    var changedStack = stack
    changedStack[0].email = "changed"
    #expect(_$observationIdentity(stack) == _$observationIdentity(changedStack))
    #expect(_$observationIdentity(stack) != _$observationIdentity(StackState([other])))
    let presented = PresentationState(wrappedValue: state)
    #expect(
      _$observationIdentity(presented)
        == _$observationIdentity(PresentationState(wrappedValue: changed)))
    #expect(
      _$observationIdentity(presented)
        != _$observationIdentity(PresentationState(wrappedValue: none)))
    #expect(_$observationIdentity(1) != _$observationIdentity(1))
    #expect(_$observationIdentity("a") != _$observationIdentity("a"))
  }
}
