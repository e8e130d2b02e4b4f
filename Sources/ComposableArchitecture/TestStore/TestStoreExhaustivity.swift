extension TestStore {
  /// Runs `operation` with the store's exhaustivity set to `exhaustivity`, then puts back the
  /// exhaustivity it had.
  ///
  /// <!-- context: core-test-store -->
  /// ```swift
  /// store.withExhaustivity(.off) {
  ///   store.assert { $0.count = 0 }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try operation()
  }

  /// Runs `operation`, which may suspend, with the store's exhaustivity set to `exhaustivity`,
  /// then puts back the exhaustivity it had.
  ///
  /// <!-- context: core-test-store -->
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.incrementButtonTapped)
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity,
    operation: @MainActor () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    defer { self.exhaustivity = previous }
    self.exhaustivity = exhaustivity
    return try await operation()
  }
}
