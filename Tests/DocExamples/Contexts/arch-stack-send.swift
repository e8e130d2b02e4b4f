// The example is the state change that a test of the stack (arch-stack) asserts.
await store.send(\.path[id: 0].counter.incrementButtonTapped) {
  // example
}
