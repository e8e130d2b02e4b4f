// A counter that presents the prime modal, whose `body` is the example.
@Reducer
struct PrimeCounter {
  @ObservableState
  struct State {
    var count = 0
    @Presents var primeModal: PrimeModal.State?
  }
  enum Action {
    case isPrimeButtonTapped
    case primeModal(PresentationAction<PrimeModal.Action>)
  }
  var body: some ReducerOf<Self> {
    // example
  }
}
