// A destination (a sheet or an alert) and the view of a store of it, whose `body` is the
// example.
@Reducer
enum Destination {
  case sheet(SheetFeature)
  case alert(AlertState<Alert>)
}

struct DestinationView: View {
  let store: StoreOf<Destination>
  var body: some View {
    // example
  }
}
