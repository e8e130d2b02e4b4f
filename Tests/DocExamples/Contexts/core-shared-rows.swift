// A list of rows shared with other features, which edits a row in a `RowForm`; the example is
// the case of its reducer for a tapped row (of `id`).
struct Row: Equatable, Identifiable, Sendable {
  let id: UUID
  var title = ""
  var isSelected = false
}

@Reducer
struct RowForm {
  @ObservableState
  struct State {
    @Shared var row: Row
  }
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
struct RowList {
  @Reducer
  enum Destination {
    case edit(RowForm)
  }
  @ObservableState
  struct State {
    @Presents var destination: Destination.State?
    @Shared var rows: IdentifiedArrayOf<Row>
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case rowTapped(id: Row.ID)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination:
        return .none
      case let .rowTapped(id):
        // example
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}
