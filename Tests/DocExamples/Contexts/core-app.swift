// An app around the prelude's counter: a `counter`, an optional `child` counter, a stack
// (`path`) of counters, and an `email` field that binds; and the view of a child.
@Reducer
struct AppFeature {
  @ObservableState
  struct State: Equatable {
    var counter = CounterFeature.State()
    var child: CounterFeature.State?
    var path = StackState<CounterFeature.State>()
    var email = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case child(CounterFeature.Action)
    case counter(CounterFeature.Action)
    case path(StackActionOf<CounterFeature>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Scope(state: \.counter, action: \.counter) { CounterFeature() }
    Reduce { _, _ in .none }
      .ifLet(\.child, action: \.child) { CounterFeature() }
      .forEach(\.path, action: \.path) { CounterFeature() }
  }
}

typealias ChildView = CounterView
