// A sheet's feature and view, and an alert's actions and view, for a destination to present.
typealias SheetFeature = CounterFeature
typealias SheetView = CounterView

enum Alert: Equatable {
  case confirmTapped
}

struct AlertView: View {
  let alert: AlertState<Alert>
  init(_ alert: AlertState<Alert>) { self.alert = alert }
  var body: some View { Text(String(describing: alert.title)) }
}
