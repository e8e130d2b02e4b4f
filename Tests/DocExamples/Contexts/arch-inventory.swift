// A feature that presents destinations (with arch-item-form, arch-destination), a `store`
// testing it, and a `state` of it.
@Reducer
struct InventoryFeature {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .editButtonTapped = action {
        state.destination = .edit(ItemFormFeature.State(title: "Milk"))
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

let store = TestStore(initialState: InventoryFeature.State()) { InventoryFeature() }
var state = InventoryFeature.State()
