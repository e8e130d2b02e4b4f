// A feature driving a stack of counters (with arch-path), a `store` testing it with one counter
// pushed, and a `pathStore` of the stack in a live store.
@Reducer
struct AppFeature {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action {
    case path(StackActionOf<Path>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in .none }
      .forEach(\.path, action: \.path)
  }
}

let store = TestStore(
  initialState: AppFeature.State(path: StackState([.counter(CounterFeature.State())]))
) {
  AppFeature()
}
let pathStore = Store(initialState: AppFeature.State()) { AppFeature() }
  .scope(state: \.path, action: \.path)
