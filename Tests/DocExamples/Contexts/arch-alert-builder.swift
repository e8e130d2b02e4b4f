// The example is the body of a function that makes an alert about an item, whose buttons send
// `Alert` actions.
struct Item { var name: String }
enum Alert: Equatable { case archive, confirmDeletion, retry }

func makeAlert(item: Item, canArchive: Bool, error: any Error) -> AlertState<Alert> {
  // example
}
