// A feed that loads its items on `.refresh`: `isLoading` until `.loaded` brings them.
@Reducer
struct Feed {
  @ObservableState
  struct State: Equatable {
    var items: [String] = []
    var isLoading = false
  }
  enum Action: Equatable {
    case loaded([String])
    case refresh
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .loaded(items):
        state.isLoading = false
        state.items = items
        return .none
      case .refresh:
        state.isLoading = true
        return .run { send in await send(.loaded(["Milk", "Eggs"])) }
      }
    }
  }
}
