// A test `store` of the app of `core-app`, with one counter pushed on its stack.
let store = TestStore(initialState: AppFeature.State(path: [CounterFeature.State()])) {
  AppFeature()
}
