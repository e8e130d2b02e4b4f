// A parent of the `Counter` of the Counter module, whose `body` is the example.
@Reducer
struct CounterParent {
  @ObservableState
  struct State {
    var counter = Counter.State(favoritePrimes: Shared(value: []))
  }
  enum Action {
    case counter(Counter.Action)
  }
  var body: some ReducerOf<Self> {
    // example
  }
}
