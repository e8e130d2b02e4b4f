// The example is among the buttons of an alert whose buttons send `Alert` actions.
enum Alert: Equatable { case confirmDeletion, retry }

let alert = AlertState<Alert> {
  TextState("Delete Notes?")
} actions: {
  // example
}
