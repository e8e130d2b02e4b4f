// An item form feature, and the actions of an alert, for destinations to present.
@Reducer
struct ItemFormFeature {
  @ObservableState
  struct State: Equatable, Sendable { var title = "" }
  enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case closeButtonTapped
  }
  var body: some ReducerOf<Self> { BindingReducer() }
}

enum Alert: Equatable, Sendable { case confirmDeletion }
