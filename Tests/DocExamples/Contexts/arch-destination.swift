// The destinations a feature presents (with arch-item-form): an alert, a counter, a form.
@Reducer(state: .equatable)
enum Destination {
  case alert(AlertState<Alert>)
  case counter(CounterFeature)
  case edit(ItemFormFeature)
}
