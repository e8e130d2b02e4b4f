import ComposableArchitecture
import Testing

/// Two forms whose `binding` cases sit at different places in their action enums: the first
/// after a case with a payload, the second first. Each form's bindings land in its own state,
/// in either order.
@Reducer
struct LateBindingForm {
  @ObservableState
  struct State: Equatable {
    var name = ""
    var count = 0
  }

  enum Action: BindableAction {
    case countChanged(Int)
    case reset
    case binding(BindingAction<State>)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .countChanged(let count):
        state.count = count
        return .none
      case .reset:
        state = State()
        return .none
      case .binding:
        return .none
      }
    }
  }
}

@Reducer
struct EarlyBindingForm {
  @ObservableState
  struct State: Equatable {
    var title = ""
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case titleCleared(Int)
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@MainActor
struct BindingCaseTagTests {
  @Test func eachFormsBindingsLandInItsOwnState() async {
    let late = TestStore(initialState: LateBindingForm.State()) { LateBindingForm() }
    let early = TestStore(initialState: EarlyBindingForm.State()) { EarlyBindingForm() }
    await late.send(.binding(.set(\.name, "Blob"))) { $0.name = "Blob" }
    await early.send(.binding(.set(\.title, "Hi"))) { $0.title = "Hi" }
    await late.send(.countChanged(3)) { $0.count = 3 }
    await late.send(.binding(.set(\.name, "Blob Jr."))) { $0.name = "Blob Jr." }
    await early.send(.titleCleared(0))
  }

  @Test func onlyTheBindingCaseCarriesABinding() {
    #expect(LateBindingForm.Action.countChanged(1).binding == nil)
    #expect(LateBindingForm.Action.reset.binding == nil)
    #expect(EarlyBindingForm.Action.titleCleared(1).binding == nil)
    #expect(EarlyBindingForm.Action.binding(.set(\.title, "x")).binding != nil)
    #expect(LateBindingForm.Action.binding(.set(\.name, "x")).binding != nil)
  }
}
