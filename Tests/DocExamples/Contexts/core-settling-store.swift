// A settling `store` of the prelude's counter, on a test `clock`, whose timer was just started.
let clock = TestClock()
let store = Store.settling(initialState: CounterFeature.State()) {
  CounterFeature()
} withDependencies: {
  $0.continuousClock = clock
}
store.send(.startTimerButtonTapped)
