// A store of the prelude's counter, at the top level of a main file.
let store = Store(initialState: CounterFeature.State()) { CounterFeature() }
