// A `state` of the `State` the example declares.
var state = State()
