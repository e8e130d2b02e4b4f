// A list of items that asks before deleting one; the example is what its reducer does when an
// item is selected.
struct Item: Equatable, Identifiable {
  let id: Int
  var name: String
}

@Reducer
struct ItemsFeature {
  @ObservableState
  struct State: Equatable {
    var items: [Item] = []
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    case itemSelected(Item)
    enum Alert: Equatable { case confirmDeletion }
    enum ConfirmationDialog: Equatable { case copyLink, delete }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .itemSelected(item):
        // example
        return .none
      case .alert, .confirmationDialog:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }
}
