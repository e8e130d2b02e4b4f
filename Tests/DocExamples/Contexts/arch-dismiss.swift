// The example is a member of a feature presented as a sheet, with a close button.
@Reducer
struct SheetFeature {
  @ObservableState
  struct State: Equatable {}
  enum Action { case closeButtonTapped }
  // example
}
