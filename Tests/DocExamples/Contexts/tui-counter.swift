// The prelude's counter feature under the name the runner examples give it.
typealias Counter = CounterFeature
