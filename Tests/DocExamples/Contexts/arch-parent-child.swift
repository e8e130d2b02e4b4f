// A parent that shows its child's alert and dialog, and the child's alert, dialog and buttons.
@Reducer
struct Child {
  enum Action: Equatable { case confirmDeletion }
}

@Reducer
struct Parent {
  @ObservableState
  struct State: Equatable {
    var alert: AlertState<Action>?
    var confirmationDialog: ConfirmationDialogState<Action>?
  }
  enum Action: Equatable {
    case alert(Alert)
    case child(Child.Action)
    enum Alert: Equatable { case confirmDeletion }
  }
}

var state = Parent.State()
let childAlert = AlertState<Child.Action>(title: "Delete Notes?")
let childDialog = ConfirmationDialogState<Child.Action>(title: "Delete Notes?")
let childButton = ButtonState<Parent.Action.Alert>(action: .confirmDeletion) { TextState("Delete") }
let buttonAction = childButton.action
