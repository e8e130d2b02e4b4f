import ComposableArchitecture
import Testing
import XCTest

// Upstream's alert and confirmation dialog case study, and a feature that presents itself.

@Reducer
private struct AlertAndConfirmationDialog {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    var count = 0
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case alertButtonTapped
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    case confirmationDialogButtonTapped

    @CasePathable
    enum Alert {
      case incrementButtonTapped
    }
    @CasePathable
    enum ConfirmationDialog {
      case incrementButtonTapped
      case decrementButtonTapped
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.incrementButtonTapped)),
        .confirmationDialog(.presented(.incrementButtonTapped)):
        state.alert = AlertState { TextState("Incremented!") }
        state.count += 1
        return .none
      case .alert:
        return .none
      case .alertButtonTapped:
        state.alert = AlertState {
          TextState("Alert!")
        } actions: {
          ButtonState(role: .cancel) { TextState("Cancel") }
          ButtonState(action: .incrementButtonTapped) { TextState("Increment") }
        } message: {
          TextState("This is an alert")
        }
        return .none
      case .confirmationDialog(.presented(.decrementButtonTapped)):
        state.alert = AlertState { TextState("Decremented!") }
        state.count -= 1
        return .none
      case .confirmationDialog:
        return .none
      case .confirmationDialogButtonTapped:
        state.confirmationDialog = ConfirmationDialogState {
          TextState("Confirmation dialog")
        } actions: {
          ButtonState(role: .cancel) { TextState("Cancel") }
          ButtonState(action: .incrementButtonTapped) { TextState("Increment") }
          ButtonState(action: .decrementButtonTapped) { TextState("Decrement") }
        } message: {
          TextState("This is a confirmation dialog.")
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }
}

@Reducer
private struct Nested {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
    @Presents var child: Nested.State?
  }
  enum Action {
    case addChildTapped
    case child(PresentationAction<Nested.Action>)
    case nameChanged(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addChildTapped:
        state.child = State(id: state.id + 1)
        return .none
      case .child:
        return .none
      case let .nameChanged(name):
        state.name = name
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) {
      Nested()
    }
  }
}

@MainActor
final class AlertAndConfirmationDialogXCTests: XCTestCase {
  func testAlert() async {
    let store = TestStore(initialState: AlertAndConfirmationDialog.State()) {
      AlertAndConfirmationDialog()
    }
    await store.send(.alertButtonTapped) {
      $0.alert = AlertState {
        TextState("Alert!")
      } actions: {
        ButtonState(role: .cancel) { TextState("Cancel") }
        ButtonState(action: .incrementButtonTapped) { TextState("Increment") }
      } message: {
        TextState("This is an alert")
      }
    }
    // The button's action replaces the alert with a new one, which stays presented.
    await store.send(\.alert.incrementButtonTapped) {
      $0.alert = AlertState { TextState("Incremented!") }
      $0.count = 1
    }
    await store.send(\.alert.dismiss) {
      $0.alert = nil
    }
  }

  func testConfirmationDialog() async {
    let store = TestStore(initialState: AlertAndConfirmationDialog.State()) {
      AlertAndConfirmationDialog()
    }
    await store.send(.confirmationDialogButtonTapped) {
      $0.confirmationDialog = ConfirmationDialogState {
        TextState("Confirmation dialog")
      } actions: {
        ButtonState(role: .cancel) { TextState("Cancel") }
        ButtonState(action: .incrementButtonTapped) { TextState("Increment") }
        ButtonState(action: .decrementButtonTapped) { TextState("Decrement") }
      } message: {
        TextState("This is a confirmation dialog.")
      }
    }
    // The dialog goes away after its action; the alert it presents stays.
    await store.send(\.confirmationDialog.incrementButtonTapped) {
      $0.alert = AlertState { TextState("Incremented!") }
      $0.confirmationDialog = nil
      $0.count = 1
    }
  }
}

struct RecursiveFeatureTests {
  @Test func aFeatureCanPresentItself() async {
    let store = await TestStore(initialState: Nested.State(id: 0)) {
      Nested()
    }
    await store.send(.addChildTapped) {
      $0.child = Nested.State(id: 1)
    }
    await store.send(\.child.addChildTapped) {
      $0.child?.child = Nested.State(id: 2)
    }
    await store.send(\.child.child.nameChanged, "Blob") {
      $0.child?.child?.name = "Blob"
    }
    await store.send(\.child.child.dismiss) {
      $0.child?.child = nil
    }
  }

  @MainActor
  @Test func alertStatesAreEqualByTheirTextAndTellNewOnesApart() {
    let first = AlertState<Int> { TextState("Hi") }
    let second = AlertState<Int> { TextState("Hi") }
    #expect(first == second)
    #expect(first.id != second.id)
    #expect(first.map { String($0) }.id == first.id)
  }
}
