// A list of rows that toggle, a `store` of it, and one of its rows.
@Reducer
struct RowFeature {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var isOn = false
  }
  enum Action { case toggle }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.isOn.toggle()
      return .none
    }
  }
}

@Reducer
struct ListFeature {
  @ObservableState
  struct State: Equatable {
    var rows: IdentifiedArrayOf<RowFeature.State> = []
  }
  enum Action {
    case deleteButtonTapped
    case rows(IdentifiedActionOf<RowFeature>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .deleteButtonTapped = action { state.rows.removeAll() }
      return .none
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
  }
}

let row = RowFeature.State(id: 1)
let store = Store(initialState: ListFeature.State(rows: [row])) { ListFeature() }
