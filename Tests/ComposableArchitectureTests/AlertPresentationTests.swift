import ComposableArchitecture
import Testing

struct Deleter: Reducer {
  struct State: Equatable {
    @PresentationState var alert: AlertState<Action.Alert>?
    @PresentationState var dialog: ConfirmationDialogState<Action.Dialog>?
    var items = ["a", "b"]
  }
  @CasePathable
  enum Action: Equatable {
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)
    case deleteButtonTapped
    case menuButtonTapped
    @CasePathable
    enum Alert: Equatable { case confirmDeletion }
    @CasePathable
    enum Dialog: Equatable { case clearAll }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.items.removeLast()
        return .none
      case .dialog(.presented(.clearAll)):
        state.items = []
        return .none
      case .alert, .dialog:
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .menuButtonTapped:
        state.dialog = ConfirmationDialogState {
          TextState("Menu")
        } actions: {
          ButtonState(role: .destructive, action: .clearAll) { TextState("Clear all") }
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
  }
}

@MainActor
struct AlertPresentationTests {
  @Test func anAlertIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.items = ["a"]
    }
  }

  @Test func anAlertStartsNoEffectsAndCanBeDismissed() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    store.exhaustivity = .off
    await store.send(.deleteButtonTapped)
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    store.exhaustivity = .on
    await store.finish()
  }

  @Test func aConfirmationDialogIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: Deleter.State()) { Deleter() }
    store.exhaustivity = .off
    await store.send(.menuButtonTapped)
    await store.send(.dialog(.presented(.clearAll))) {
      $0.dialog = nil
      $0.items = []
    }
  }
}
