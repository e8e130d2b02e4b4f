extension TestStore {
  /// Waits for every running effect to finish, reporting those still running after the timeout.
  ///
  /// ```swift
  /// await store.send(.startButtonTapped)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(\.tick) { $0.count = 1 }
  /// await store.send(.stopButtonTapped)
  /// await store.finish()
  /// ```
  public func finish(
    timeout duration: Duration? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeout
    let finished = await waitUntil(nanoseconds: nanoseconds) { runtime.registry.liveCount == 0 }
    guard !finished else { return }
    if exhaustivity == .on {
      report(
        """
        Expected effects to finish, but there are still effects in-flight after \
        \(seconds(nanoseconds)) seconds. They were started by:

        \(dumpActions(inFlightOrigins()))
        """,
        at: location
      )
    }
    runtime.registry.cancelLive()
  }

  /// Drops the actions effects have sent and not yet been received, asserting nothing about
  /// them; the state moves on to the state after the last of them.
  ///
  /// With `strict`, having nothing to skip is reported as an issue.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settleEffects()
    guard let last = recorder.receivedActions.last else {
      if strict { report("There were no received actions to skip.", at: location) }
      return
    }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      reportSkipped(
        "Skipped receiving \(dumpActions(recorder.receivedActions.map(\.action)))", at: location)
    }
    state = last.state
    sharedState = last.shared
    recorder.receivedActions.removeAll()
  }

  /// Cancels every running effect, asserting nothing about them.
  ///
  /// With `strict`, having nothing to cancel is reported as an issue.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await settleEffects()
    guard runtime.registry.liveCount > 0 else {
      if strict { report("There were no in-flight effects to skip.", at: location) }
      return
    }
    if case .off(showSkippedAssertions: true) = exhaustivity {
      reportSkipped(
        "Skipped effects started by \(dumpActions(inFlightOrigins()))", at: location)
    }
    runtime.registry.cancelLive()
  }

  /// Runs the checks due when a test ends: actions received and never asserted, and effects
  /// still running. Reported once; afterwards every effect is cancelled.
  func completed() {
    for failure in completionFailures() {
      report(failure, at: location)
    }
  }

  /// What ``completed()`` reports, cancelling every effect.
  func completionFailures() -> [String] {
    defer { runtime.registry.cancelAll() }
    guard exhaustivity == .on else { return [] }
    var failures: [String] = []
    if !recorder.receivedActions.isEmpty {
      let count = recorder.receivedActions.count
      failures.append(
        """
        The store received \(count) unexpected action\(count == 1 ? "" : "s") by the end of the \
        test: …

        Unhandled actions: \(dumpActions(recorder.receivedActions.map(\.action)))

        To fix, receive them with "store.receive", or skip them with \
        "store.skipReceivedActions()".
        """
      )
      recorder.receivedActions.removeAll()
    }
    for origin in inFlightOrigins() {
      failures.append(
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test: …

        \(String(customDumping: origin).indented)

        To fix, make sure every effect the reducer returns for this action finishes by the end \
        of the test: advance test clocks far enough, cancel long-living effects (timers, \
        streams) with an action, or wait for them with "store.finish()". To ignore them, call \
        "store.skipInFlightEffects()".
        """
      )
    }
    return failures
  }

  func inFlightOrigins() -> [Action] {
    runtime.registry.entries
      .sorted { $0.key < $1.key }
      .filter { $0.value.isLive }
      .compactMap { ($0.value.origin as? TestAction)?.action }
  }
}

/// A test store for a reducer of type `R`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable
