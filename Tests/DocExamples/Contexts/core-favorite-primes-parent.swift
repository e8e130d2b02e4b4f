// A parent of the list of favourite primes, whose `body` is the example.
@Reducer
struct FavoritePrimesParent {
  @ObservableState
  struct State {
    var favoritePrimes = FavoritePrimes.State(favoritePrimes: Shared(value: [2, 3, 5]))
  }
  enum Action {
    case favoritePrimes(FavoritePrimes.Action)
  }
  var body: some ReducerOf<Self> {
    // example
  }
}
