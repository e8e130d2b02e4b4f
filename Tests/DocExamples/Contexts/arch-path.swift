// The screens of a navigation stack: counters.
@Reducer(state: .equatable)
enum Path {
  case counter(CounterFeature)
}
