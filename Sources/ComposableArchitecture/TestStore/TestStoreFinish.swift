extension TestStore {
  /// Waits for every running effect to finish, reporting those still running after the timeout.
  ///
  /// Actions effects sent that the test has not received are reported too, and stay queued:
  /// the test can still `receive` them or skip them with `skipReceivedActions()`.
  ///
  /// <!-- context: core-stopwatch-test-store -->
  /// ```swift
  /// await store.send(.startButtonTapped)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(\.timerTicked) { $0.secondsElapsed = 1 }
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
    // Reported, and kept: the test may still receive or skip them.
    if exhaustivity == .on, let unhandled = unhandledActionsIssue(keepingThem: true) {
      report(unhandled, at: location)
    }
    guard !finished else { return }
    if exhaustivity == .on {
      report(
        """
        Expected effects to finish, but there are still effects in-flight\
        \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

        \(effectsInFlightSuggestion(timeoutWasGiven: nanoseconds != timeout))
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
        skippedActionsMessage(recorder.receivedActions.map(\.action)), at: location)
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
      let origins = inFlightOrigins().map(\.action)
      reportSkipped(
        """
        \(origins.count) in-flight effect\(origins.count == 1 ? " was" : "s were") cancelled, \
        originating from:

        \(dumpOneOrMany(origins))
        """,
        at: location)
    }
    runtime.registry.cancelLive()
  }

  /// The checks due when a test ends: actions received and never asserted, and effects still
  /// running (each where the test sent the action that started it). Returns what to report
  /// (once), and where; afterwards every effect is cancelled.
  func completionIssues() -> [(message: String, location: SourceLocation)] {
    defer { runtime.registry.cancelAll() }
    guard exhaustivity == .on else { return [] }
    var issues: [(message: String, location: SourceLocation)] = []
    if let unhandled = unhandledActionsIssue() {
      issues.append((unhandled, location))
    }
    for origin in inFlightOrigins() {
      issues.append(
        (
          """
          An effect returned for this action is still running. It must complete before the end \
          of the test. …

          To fix, inspect any effects the reducer returns for this action and ensure that all \
          of them complete by the end of the test. There are a few reasons why an effect may \
          not have completed:

          • If using async/await in your effect, it may need a little bit of time to properly \
          finish. To fix you can simply perform "await store.finish()" at the end of your test.

          • If an effect uses a clock/scheduler (via "receive(on:)", "delay", "debounce", \
          etc.), make sure that you wait enough time for it to perform the effect. If you are \
          using a test clock/scheduler, advance it so that the effects may complete, or \
          consider using an immediate clock/scheduler to immediately perform the effect instead.

          • If you are returning a long-living effect (timers, notifications, subjects, etc.), \
          then make sure those effects are torn down by marking the effect ".cancellable" and \
          returning a corresponding cancellation effect ("Effect.cancel") from another action, \
          or, if your effect is driven by a Combine subject, send it a completion.
          """,
          origin.location ?? location
        )
      )
    }
    return issues
  }

  /// The issue for actions effects sent that the test never received, if there are any and
  /// they were not reported as they are already. Unless kept, they count as handled afterwards.
  func unhandledActionsIssue(keepingThem: Bool = false) -> String? {
    guard let last = recorder.receivedActions.last,
      recorder.reportedUnhandledCount != recorder.receivedActions.count
    else { return nil }
    let count = recorder.receivedActions.count
    defer {
      if keepingThem {
        recorder.reportedUnhandledCount = count
      } else {
        state = last.state
        sharedState = last.shared
        recorder.receivedActions.removeAll()
      }
    }
    return """
      The store received \(count) unexpected action\(count == 1 ? "" : "s") by the end of this \
      test: …

      Unhandled actions: \(dumpActions(recorder.receivedActions.map(\.action)))

      To fix, receive them with "store.receive", or skip them with \
      "store.skipReceivedActions()".
      """
  }

  /// The actions that started the effects still running, oldest first, with where the test
  /// sent them (`nil` for actions effects sent).
  func inFlightOrigins() -> [(action: Action, location: SourceLocation?)] {
    runtime.registry.entries
      .sorted { $0.key < $1.key }
      .filter { !$0.value.isCancelled }
      .compactMap { entry in
        switch entry.value.origin as? TestAction {
        case let .send(action, location)?: (action, location)
        case let .receive(action)?: (action, nil)
        case nil: nil
        }
      }
  }
}

/// A test store for a reducer of type `R`.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable
