// The example is the body of a function that makes a confirmation dialog, whose buttons send
// `Dialog` actions.
enum SortOrder: CaseIterable {
  case name, date
  var name: String { self == .name ? "Name" : "Date" }
}
enum Dialog: Equatable { case copyLink, delete, sort(SortOrder) }

func makeDialog(sortButtons: [ButtonState<Dialog>]) -> ConfirmationDialogState<Dialog> {
  // example
}
