@_spi(Internals) import CasePaths

extension TestStore where Action: CasePathable {
  /// Sends the action at a case key path, for cases without a value.
  ///
  /// <!-- context: core-app, core-app-test-store -->
  /// ```swift
  /// await store.send(\.path[id: 0].incrementButtonTapped) {
  ///   $0.path[id: 0]?.count = 1
  /// }
  /// ```
  @discardableResult
  public func send(
    _ action: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(), assert: updateStateToExpectedResult, fileID: fileID, file: filePath, line: line,
      column: column)
  }

  /// Sends the action at a case key path with a value.
  ///
  /// <!-- context: core-sign-up-test-store -->
  /// ```swift
  /// await store.send(\.path[id: 0].basics.binding.email, "blob@pointfree.co") {
  ///   $0.signUpData.email = "blob@pointfree.co"
  /// }
  /// ```
  @discardableResult
  public func send<Value>(
    _ action: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      action(value), assert: updateStateToExpectedResult, fileID: fileID, file: filePath,
      line: line, column: column)
  }
}

extension TestStore {
  /// Sends an action and asserts how it changed the state.
  ///
  /// <!-- context: core-test-store -->
  /// ```swift
  /// await store.send(.incrementButtonTapped) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// The closure receives the state as it was before the action; mutate it into the state you
  /// expect. Exhaustively, a change the closure does not describe, a closure that does not match,
  /// and a closure that expects a change that did not happen are all failures.
  ///
  /// - Returns: The effects the action started; cancel them, or wait for them to finish.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      report("Can't send action to dismissed test store.", at: location)
      return TestStoreTask(rawValue: nil, timeout: timeout)
    }
    if !recorder.receivedActions.isEmpty {
      let message = """
        Must handle \(recorder.receivedActions.count) received \
        action\(recorder.receivedActions.count == 1 ? "" : "s") before sending an action: …

        Unhandled actions: \(dumpActions(recorder.receivedActions.map(\.action)))
        """
      switch exhaustivity {
      case .on:
        // The actions stay queued: a later `receive` or `skipReceivedActions()` still sees them.
        report(message, at: location)
      case .off(let showSkippedAssertions):
        if showSkippedAssertions {
          reportSkipped(
            skippedActionsMessage(recorder.receivedActions.map(\.action)), at: location)
        }
        state = recorder.receivedActions.last!.state
        sharedState = recorder.receivedActions.last!.shared
        recorder.receivedActions.removeAll()
      }
    }

    let task = runtime.send(.send(action, location))
    checkState(
      actual: recorder.stateAfterSend,
      actualShared: recorder.sharedAfterSend,
      updateStateToExpectedResult: updateStateToExpectedResult,
      requiresChange: !recorder.sendWroteShared,
      nextStackElementID: recorder.nextStackElementIDBeforeSend,
      at: location
    )
    state = recorder.stateAfterSend
    sharedState = recorder.sharedAfterSend
    await settleEffects()
    return TestStoreTask(rawValue: task, timeout: timeout)
  }

  /// Asserts the current state without sending an action.
  ///
  /// <!-- context: core-test-store -->
  /// ```swift
  /// store.assert {
  ///   $0.count = 1
  /// }
  /// ```
  public func assert(
    _ updateStateToExpectedResult: @escaping (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let actualShared = SharedSnapshot(capturing: runtime.state)
    checkState(
      actual: runtime.state,
      actualShared: actualShared,
      updateStateToExpectedResult: updateStateToExpectedResult,
      requiresChange: false,
      nextStackElementID: runtime.dependencies.stackElementID.peek(),
      at: location
    )
    state = runtime.state
    sharedState = actualShared
  }

  /// Compares the state a step produced with the state the test expects, reporting a diff.
  ///
  /// The assertion closure runs with the store's dependencies, and with a stack element id
  /// generator where the step's was when it started, so `append` in the closure hands out the
  /// ids the reducer did.
  func checkState(
    actual: State,
    actualShared: SharedSnapshot,
    updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    requiresChange: Bool = true,
    nextStackElementID: StackElementID,
    at location: SourceLocation
  ) {
    withDependencies {
      $0 = runtime.dependencies
      $0.stackElementID = .incrementing(from: nextStackElementID.generation)
    } operation: {
      // `XCTModify` in the closure tolerates an unchanged value when the store is not
      // exhaustive, as upstream's test store tells it.
      XCTModifyLocals.$isExhaustive.withValue(exhaustivity == .on) {
        compareState(
          actual: actual, actualShared: actualShared,
          updateStateToExpectedResult: updateStateToExpectedResult,
          requiresChange: requiresChange, at: location)
      }
    }
  }

  private func compareState(
    actual: State,
    actualShared: SharedSnapshot,
    updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    requiresChange: Bool,
    at location: SourceLocation
  ) {
    switch exhaustivity {
    case .on:
      var expected = state
      let expectedShared = sharedState.copy()
      if let updateStateToExpectedResult {
        do {
          try SharedSnapshot.withSnapshot(expectedShared) {
            try updateStateToExpectedResult(&expected)
          }
        } catch {
          report("Threw error: \(error)", at: location)
          return
        }
      }
      if !isEqual(expected, expectedShared, actual, actualShared) {
        let summary =
          updateStateToExpectedResult == nil
          ? "State was not expected to change, but a change occurred: …"
          : "A state change does not match expectation: …"
        report(
          mismatchMessage(summary, expected, expectedShared, actual, actualShared), at: location)
      } else if requiresChange, updateStateToExpectedResult != nil,
        isEqual(expected, expectedShared, state, sharedState)
      {
        report(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state \
          is expected, omit the trailing closure.
          """,
          at: location
        )
      }

    case let .off(showSkippedAssertions):
      var expected = actual
      let expectedShared = actualShared.copy()
      if let updateStateToExpectedResult {
        do {
          try SharedSnapshot.withSnapshot(expectedShared) {
            try updateStateToExpectedResult(&expected)
          }
        } catch {
          report("Threw error: \(error)", at: location)
          return
        }
      }
      if !isEqual(expected, expectedShared, actual, actualShared) {
        report(
          mismatchMessage(
            "A state change does not match expectation: …", expected, expectedShared, actual,
            actualShared),
          at: location
        )
      } else if showSkippedAssertions {
        // What the closure makes of the state before the step shows what it did not assert. It
        // was written for the state after the step, so what it reports here (an element it
        // unwraps that is not there yet) is not a failure of the test.
        var expectedFromAsserted = state
        let assertedShared = sharedState.copy()
        withIssueReporters([]) {
          try? SharedSnapshot.withSnapshot(assertedShared) {
            try updateStateToExpectedResult?(&expectedFromAsserted)
          }
        }
        if !isEqual(expectedFromAsserted, assertedShared, actual, actualShared),
          let difference = stateDiff(expectedFromAsserted, assertedShared, actual, actualShared)
        {
          reportSkipped(
            """
            \(updateStateToExpectedResult == nil
              ? "State was not expected to change, but a change occurred: …"
              : "A state change does not match expectation: …")

            \(difference.indented(by: 4))

            (Expected: −, Actual: +)
            """,
            at: location
          )
        }
      }
    }
  }

  /// A headline, the indented diff of the expected and actual states, and the legend.
  func mismatchMessage(
    _ headline: String, _ expected: State, _ expectedShared: SharedSnapshot, _ actual: State,
    _ actualShared: SharedSnapshot
  ) -> String {
    guard let difference = stateDiff(expected, expectedShared, actual, actualShared) else {
      return """
        \(headline)

        Expected:
        \(String(customDumping: expected).indented(by: 2))

        Actual:
        \(String(customDumping: actual).indented(by: 2))
        """
    }
    return "\(headline)\n\n\(difference.indented(by: 4))\n\n(Expected: −, Actual: +)"
  }

  /// Whether two states are equal, each with its shared values as recorded.
  func isEqual(
    _ lhs: State, _ lhsShared: SharedSnapshot, _ rhs: State, _ rhsShared: SharedSnapshot
  ) -> Bool {
    if lhsShared.isEmpty, rhsShared.isEmpty { return lhs == rhs }
    return SharedSnapshot.comparing(lhsShared, rhsShared) { lhs == rhs }
  }

  /// The diff of two states, each with its shared values as recorded.
  func stateDiff(
    _ lhs: State, _ lhsShared: SharedSnapshot, _ rhs: State, _ rhsShared: SharedSnapshot
  ) -> String? {
    if lhsShared.isEmpty, rhsShared.isEmpty { return diff(lhs, rhs, format: .proportional) }
    let lhsDump = SharedSnapshot.withSnapshot(lhsShared) { String(customDumping: lhs) }
    let rhsDump = SharedSnapshot.withSnapshot(rhsShared) { String(customDumping: rhs) }
    return lineDiff(lhsDump, rhsDump)
  }

  func report(_ message: String, at location: SourceLocation) {
    reportIssue(
      message, fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column)
  }

  /// Shows a skipped assertion as an expected issue: visible in the log, not a failure.
  ///
  /// XCTest on Linux cannot expect an issue (any issue fails the test there), so under XCTest
  /// the skipped assertion is printed instead.
  func reportSkipped(_ message: String, at location: SourceLocation) {
    #if !canImport(Darwin)
      if case .xcTest = TestContext.current {
        print("\(location.filePath):\(location.line): Skipped assertions: …\n\n\(message)")
        return
      }
    #endif
    withExpectedIssue(
      fileID: location.fileID, filePath: location.filePath, line: location.line,
      column: location.column
    ) {
      reportIssue(
        "Skipped assertions: …\n\n\(message)", fileID: location.fileID,
        filePath: location.filePath, line: location.line, column: location.column)
    }
  }

  /// What skipping received actions reports, as upstream words it: one action dumped alone,
  /// several as a list.
  func skippedActionsMessage(_ actions: [Action]) -> String {
    """
    \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped:

    \(dumpOneOrMany(actions))
    """
  }

  func dumpOneOrMany(_ actions: [Action]) -> String {
    actions.count == 1 ? String(customDumping: actions[0]) : dumpActions(actions)
  }

  func dumpActions(_ actions: [Action]) -> String {
    var output = ""
    customDump(actions, to: &output)
    return output
  }
}
