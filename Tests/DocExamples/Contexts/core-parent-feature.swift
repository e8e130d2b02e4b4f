// A parent feature, the example one of its members (its `body`): a `counter`, an optional
// `child`, `rows` and an `alert`. Its children are the prelude's counter (which examples call
// `ChildFeature` or `Child`) and a `RowFeature`.
@Reducer
struct ParentFeature {
  @ObservableState
  struct State {
    var alert: AlertState<Action.Alert>?
    var child: ChildFeature.State?
    var counter = CounterFeature.State()
    var rows: IdentifiedArrayOf<RowFeature.State> = []
  }
  enum Action {
    case alert(Alert)
    case child(ChildFeature.Action)
    case counter(CounterFeature.Action)
    case rows(IdentifiedActionOf<RowFeature>)
    enum Alert { case confirmTapped }
  }
  // example
}

typealias ChildFeature = CounterFeature
typealias Child = CounterFeature

@Reducer
struct RowFeature {
  @ObservableState
  struct State: Identifiable {
    let id: UUID
    var title = ""
  }
  enum Action {
    case deleteButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
  }
}
