import ComposableArchitecture
import Foundation
import Testing

struct Settings: Reducer {
  struct State: Equatable {
    var theme = "dark"
    var other = 0
    var saved: [String] = []
  }
  enum Action: Equatable {
    case setTheme(String)
    case setOther(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setTheme(theme): state.theme = theme
      case let .setOther(other): state.other = other
      }
      return .none
    }
    .onChange(of: \.theme) { oldValue, newValue in
      Reduce { state, _ in
        state.saved.append("\(oldValue)→\(newValue)")
        return .none
      }
    }
  }
}

@MainActor
struct OnChangeTests {
  @Test func onChangeRunsOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.setTheme("light")) {
      $0.theme = "light"
      $0.saved = ["dark→light"]
    }
    await store.send(.setTheme("light"))
    await store.send(.setOther(1)) { $0.other = 1 }
  }
}

struct Stamp: Reducer {
  struct State: Equatable { var stamps: [Date] = [] }
  enum Action: Equatable { case stamp }
  @Dependency(\.date.now) var now
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamps.append(now)
    return .none
  }
}

struct StampParent: Reducer {
  struct State: Equatable { var child = Stamp.State() }
  @CasePathable enum Action: Equatable { case child(Stamp.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      Stamp()
    }
  }
}

@MainActor
struct DependencyTests {
  @Test func storeOverridesReachChildReducersBuiltInABody() {
    let store = Store(initialState: StampParent.State()) {
      StampParent()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    store.send(.child(.stamp))
    #expect(store.child.stamps == [Date(timeIntervalSince1970: 1)])
  }

  @Test func reducerOverridesWinForThatReducer() async {
    let store = TestStore(initialState: StampParent.State()) {
      StampParent()
        .dependency(\.date.now, Date(timeIntervalSince1970: 2))
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    await store.send(.child(.stamp)) { $0.child.stamps = [Date(timeIntervalSince1970: 2)] }
  }

  @Test func transformDependencyChangesADependencyInPlace() async {
    let store = TestStore(initialState: Stamp.State()) {
      Stamp().transformDependency(\.self) { $0.date.now = Date(timeIntervalSince1970: 3) }
    }
    await store.send(.stamp) { $0.stamps = [Date(timeIntervalSince1970: 3)] }
  }
}

@MainActor
struct PrintChangesTests {
  @Test func printChangesWritesTheActionAndAStateDiff() {
    let lines = Lines()
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges(.customDump(to: { lines.append($0) }))
    }
    store.send(.incrementButtonTapped)
    store.send(.stopTimer)
    #expect(
      lines.value == [
        """
        received action:
          Counter.Action.incrementButtonTapped
          Counter.State(
            id: 0,
        -   count: 0
        +   count: 1
          )

        """,
        """
        received action:
          Counter.Action.stopTimer
          (No state changes)

        """,
      ])
  }

  @Test func actionLabelsWriteOnlyTheCase() {
    let lines = Lines()
    let store = Store(initialState: Rows.State(rows: [Counter.State(id: 1)])) {
      Rows()._printChanges(.actionLabels(to: { lines.append($0) }))
    }
    store.send(.rows(.element(id: 1, action: .incrementButtonTapped)))
    store.send(.add(id: 2))
    #expect(
      lines.value == [
        "received action: Rows.Action.rows(.element(id:action:))",
        "received action: Rows.Action.add",
      ])
  }

  @Test func actionLabelsOfACaseWithoutPayloadAndOfAStructAction() {
    struct Tap: Equatable {}
    let lines = Lines()
    let counter = Store(initialState: Counter.State()) {
      Counter()._printChanges(.actionLabels(to: { lines.append($0) }))
    }
    counter.send(.incrementButtonTapped)
    let taps = Store(initialState: 0) {
      Reduce<Int, Tap> { state, _ in
        state += 1
        return .none
      }
      ._printChanges(.actionLabels(to: { lines.append($0) }))
    }
    taps.send(Tap())
    #expect(
      lines.value == [
        "received action: Counter.Action.incrementButtonTapped",
        "received action: PrintChangesTests.Tap",
      ])
  }

  @Test func aNilPrinterPrintsNothing() {
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges(nil)
    }
    store.send(.incrementButtonTapped)
    #expect(store.count == 1)
  }
}

struct Form: Reducer {
  struct State: Equatable {
    var email = ""
    var agreed = false
    var emailChanges = 0
  }
  @CasePathable
  enum Action: Equatable, BindableAction {
    case binding(BindingAction<State>)
    case submit
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.email):
        state.emailChanges += 1
        return .none
      case .binding, .submit:
        return .none
      }
    }
  }
}

@MainActor
struct BindingTests {
  @Test func bindingActionsWriteTheField() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(.binding(.set(\.email, "blob@pointfree.co"))) {
      $0.email = "blob@pointfree.co"
      $0.emailChanges = 1
    }
    await store.send(.binding(.set(\.agreed, true))) { $0.agreed = true }
  }

  @Test func bindingActionsAreEqualByFieldAndValue() {
    #expect(BindingAction<Form.State>.set(\.email, "a") == .set(\.email, "a"))
    #expect(BindingAction<Form.State>.set(\.email, "a") != .set(\.email, "b"))
    #expect(Form.Action.submit.binding == nil)
    #expect(Form.Action.binding(.set(\.agreed, true)).binding == .set(\.agreed, true))
  }

  @Test func bindingActionsDumpAsASet() {
    #expect(
      String(customDumping: BindingAction<Form.State>.set(\.agreed, true)) == """
        BindingAction.set(
          \\State.agreed,
          true
        )
        """)
  }
}
