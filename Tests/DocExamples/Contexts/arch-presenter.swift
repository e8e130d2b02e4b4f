// The example is a member of a feature that presents an alert and destinations (with
// arch-item-form, arch-destination).
@Reducer
struct InventoryFeature {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Alert>?
    @Presents var destination: Destination.State?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case destination(PresentationAction<Destination.Action>)
  }
  // example
}
