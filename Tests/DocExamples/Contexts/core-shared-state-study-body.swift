// A reducer of the shared-state study, as its `body` is, which the example is.
extension SharedStateStudy {
  @ReducerBuilder<State, Action>
  var tabs: some ReducerOf<Self> {
    // example
  }
}
