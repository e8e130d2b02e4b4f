// A feature, the example its `body`: it logs the actions it receives while `isLoggingEnabled`,
// and runs the extra reducers listed in `features`.
struct LoggingReducer<State, Action>: Reducer {
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    print("received \(action)")
    return .none
  }
}

struct AppFeature: Reducer {
  typealias State = CounterFeature.State
  typealias Action = CounterFeature.Action
  var isLoggingEnabled = true
  var features: [Reduce<State, Action>] = []
  // example
}
