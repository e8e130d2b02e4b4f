// The example is a member of a form reducer that has an email field.
@Reducer
struct FormFeature {
  @ObservableState
  struct State: Equatable {
    var email = ""
  }
  // example
}
