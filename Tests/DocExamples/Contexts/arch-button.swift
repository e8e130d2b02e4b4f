// A button of the counter's alert, for a `store` of the counter (counter-store).
let button = ButtonState<CounterFeature.Action>(action: .incrementButtonTapped) {
  TextState("Increment")
}
