// A `Feature` whose view sends only view actions (it hides the prelude's `Feature`).
@Reducer
struct Feature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: ViewAction {
    case factResponse(String)
    case view(View)
    enum View {
      case incrementButtonTapped
      case resetButtonTapped
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .factResponse(fact):
        state.fact = fact
      case .view(.incrementButtonTapped):
        state.count += 1
      case .view(.resetButtonTapped):
        state.count = 0
      }
      return .none
    }
  }
}
