// A test `store` of the prelude's counter.
let store = TestStore(initialState: CounterFeature.State()) {
  CounterFeature()
}
