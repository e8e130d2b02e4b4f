import ComposableArchitecture

extension Effect {
  /// Sends `action` every `interval` on `@Dependency(\.continuousClock)` until cancelled: the
  /// clock effect that animates a `Spinner`.
  ///
  /// For example:
  ///
  /// <!-- context: tui-update-check -->
  /// ```swift
  /// case .checkStarted:
  ///   state.isChecking = true
  ///   return .spinnerTicks(every: .milliseconds(100), .spinnerTicked)
  ///     .cancellable(id: CancelID.spinner)
  /// case .spinnerTicked:
  ///   state.spinnerFrame += 1
  ///   return .none
  /// ```
  public static func spinnerTicks(every interval: Duration, _ action: Action) -> Self
  where Action: Sendable {
    .run { send in
      @Dependency(\.continuousClock) var clock
      for await _ in clock.timer(interval: interval) { await send(action) }
    }
  }
}
