// A counter that tells its parent what happened through delegate actions; the example is the
// body of its `Reduce`.
@Reducer
struct CounterFormFeature {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action {
    case delegate(Delegate)
    case goButtonTapped
    case saveButtonTapped
    enum Delegate: Equatable {
      case goToCounter(Int)
      case saved
    }
  }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      // example
    }
  }
}
