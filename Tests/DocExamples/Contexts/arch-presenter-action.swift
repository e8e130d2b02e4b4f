// The example is a member of a feature whose actions include its destinations' (with
// arch-item-form, arch-destination).
@Reducer
struct InventoryFeature {
  enum Action {
    case destination(PresentationAction<Destination.Action>)
  }
  // example
}
