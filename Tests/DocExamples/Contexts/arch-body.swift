// The example is the body of the reducer the other contexts declare.
var body: some ReducerOf<Self> {
  // example
}
