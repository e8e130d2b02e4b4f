// A counter replayed on a test clock: a tape, the store (made by `Store.settling` on the
// clock), and its application on a headless backend.
let tape = try KeyTape(parsing: "key +\nadvance 3s\nsnapshot counted\n")
let clock = TestClock()
let store = Store.settling(initialState: CounterFeature.State()) {
  CounterFeature()
} withDependencies: {
  $0.continuousClock = clock
}
let backend = HeadlessBackend(width: 40, height: 10)
let app = TerminalApp.application(backend: backend) { CounterView(store: store) }
