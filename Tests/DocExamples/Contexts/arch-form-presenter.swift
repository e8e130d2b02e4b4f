// The example is a member of a feature that presents an item form (with arch-item-form).
@Reducer
struct InventoryFeature {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: ItemFormFeature.State?
  }
  enum Action {
    case destination(PresentationAction<ItemFormFeature.Action>)
  }
  // example
}
