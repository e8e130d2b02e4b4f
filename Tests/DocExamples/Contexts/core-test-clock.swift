// A test clock, for an example that drives time by hand.
let clock = TestClock()
