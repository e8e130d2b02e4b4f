// The `body` of the feature around it, for an example that is a reducer of it.
var body: some ReducerOf<Self> {
  // example
}
