// A counter's state that keeps the prime modal's fields apart; the example is one of its
// members.
@ObservableState
struct CounterState {
  var count = 0
  @Shared(.favoritePrimes) var favoritePrimes: [Int] = []
  // example
}
