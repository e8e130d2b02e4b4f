extension Effect {
  /// Waits before running the effect, starting over whenever another effect with the same
  /// identifier is debounced meanwhile: only the last of a burst runs.
  ///
  /// <!-- context: arch-search, arch-switch-cases -->
  /// ```swift
  /// case let .searchQueryChanged(query):
  ///   state.query = query
  ///   return .run { send in await send(.searchResponse(try await api.search(query))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  ///
  /// A clock (`TestClock` in tests, `ContinuousClock` live) does the work of upstream's
  /// Combine scheduler; with the package's CombineSchedulers trait,
  /// `debounce(id:for:scheduler:options:)` takes one too.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Self {
    debounced(id: id) { try await clock.sleep(for: duration) }
  }

  /// Waits before running the effect, on a clock held as `any Clock<Duration>` (how
  /// `@Dependency(\.continuousClock)` hands it out), starting over whenever another effect
  /// with the same identifier is debounced meanwhile.
  @_disfavoredOverload
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>
  ) -> Self {
    debounced(id: id) { try await clock.sleep(for: duration) }
  }

  func debounced(
    id: some Hashable & Sendable, after wait: @escaping @Sendable () async throws -> Void
  ) -> Self {
    switch operation {
    case .none:
      return .none
    default:
      return Self.concatenate(.run { _ in try await wait() }, self)
        .cancellable(id: id, cancelInFlight: true)
    }
  }
}
