// The example is the state change that a test of the inventory (arch-inventory) asserts.
await store.send(.editButtonTapped) {
  // example
}
