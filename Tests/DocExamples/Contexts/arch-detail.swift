// A detail feature, to push on a stack.
@Reducer
struct DetailFeature {
  @ObservableState
  struct State: Equatable { var title = "" }
  enum Action: Equatable { case closeButtonTapped }
}
