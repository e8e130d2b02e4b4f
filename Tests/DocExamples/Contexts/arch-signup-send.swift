// The example is the state change that a test of the sign-up flow (arch-signup) asserts.
await store.send(.nextButtonTapped) {
  // example
}
