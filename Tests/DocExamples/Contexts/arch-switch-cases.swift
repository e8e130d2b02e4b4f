// Cases of a reducer's `switch action`, put in another context's slot (the body of a `Reduce`):
// the example's cases, and any other action does nothing. A `#sourceLocation` line cannot open
// a switch, so a case that never matches comes first.
switch action {
case _ where false:
  return .none
// example
default:
  return .none
}
