// A test store of a number-fact screen, whose dependencies the example overrides.
let store = TestStore(initialState: NumberFact.State(number: 7)) {
  NumberFact()
} withDependencies: {
  // example
}
