// A feature that holds favourite primes and a feed of their changes, whose `body` is the
// example.
@Reducer
struct Favorites {
  @ObservableState
  struct State {
    var activityFeed: [Activity] = []
    var favoritePrimes: [Int] = []
  }
  enum Action {
    case saveButtonTapped(Int)
  }
  var body: some ReducerOf<Self> {
    // example
  }
}
