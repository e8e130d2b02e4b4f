extension TestStore where Action: Equatable {
  /// Asserts that an effect sent this action, and how it changed the state.
  ///
  /// <!-- context: core-stopwatch-test-store -->
  /// ```swift
  /// await store.receive(.timerTicked) {
  ///   $0.secondsElapsed = 1
  /// }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction },
      mismatch: { received in
        actionDifference(expectedAction, received, indentation: 4, legend: "Received")
      },
      missing: """
        Expected to receive the following action, but didn't: …

        \(String(customDumping: expectedAction).indented(by: 2))
        """,
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Asserts that an effect sent an action of this case, and how it changed the state.
  ///
  /// <!-- context: core-fact-test-store -->
  /// ```swift
  /// await store.receive(\.factResponse) {
  ///   $0.fact = "0 is a good number."
  /// }
  /// ```
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0[case: actionCase] != nil },
      mismatch: { received in
        """
        \(String(customDumping: received).indented(by: 2))

        It does not match the expected case: \(actionCase)
        """
      },
      missing: "Expected to receive an action matching case path, but didn't get one.",
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of this case carrying this value, and how it changed
  /// the state.
  ///
  /// <!-- context: core-fact-test-store -->
  /// ```swift
  /// await store.receive(\.factResponse, "0 is a good number.") {
  ///   $0.fact = "0 is a good number."
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0[case: actionCase] == value },
      mismatch: { received in
        actionDifference(actionCase(value), received, indentation: 2, legend: "Actual")
      },
      missing: "Expected to receive an action matching case path, but didn't get one.",
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that an effect sent an action that satisfies a predicate, and how it changed the
  /// state.
  ///
  /// <!-- context: core-feed, core-feed-test-store -->
  /// ```swift
  /// await store.receive({ if case .loaded = $0 { true } else { false } }) {
  ///   $0.isLoading = false
  /// }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout duration: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      mismatch: { received in
        String(customDumping: received).indented(by: 2)
      },
      missing: "Expected to receive an action matching predicate, but didn't get one.",
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The indented diff of the action a test expected and the one it received, with the legend.
  func actionDifference(
    _ expected: Action, _ received: Action, indentation: Int, legend: String
  ) -> String {
    guard let difference = diff(expected, received, format: .proportional) else {
      return String(customDumping: received).indented(by: 2)
    }
    return "\(difference.indented(by: indentation))\n\n(Expected: −, \(legend): +)"
  }

  /// Waits for an action an effect sent and checks it.
  ///
  /// - Parameter mismatch: Describes a received action that does not match (the text under the
  ///   "Received unexpected action" headline).
  func receiveAction(
    matching isMatching: (Action) -> Bool,
    mismatch: (Action) -> String,
    missing: @autoclosure () -> String,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeout
    let isExhaustive = exhaustivity == .on
    let arrived = await waitUntil(
      nanoseconds: nanoseconds,
      giveUpWhen: { [runtime] in
        // Nothing is running that could send an action: waiting longer would change nothing.
        !runtime.registry.canSendActions && runtime.effectExecutor?.isBusy != true
      }
    ) {
      isExhaustive
        ? !recorder.receivedActions.isEmpty
        : recorder.receivedActions.contains { isMatching($0.action) }
    }
    guard arrived else {
      guard isExhaustive else {
        report(missing(), at: location)
        return
      }
      let suggestion =
        runtime.registry.liveCount == 0
        ? """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
        : effectsInFlightSuggestion(timeoutWasGiven: nanoseconds != timeout)
      report(
        """
        Expected to receive an action, but received none\
        \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").

        \(suggestion)
        """,
        at: location
      )
      return
    }

    if !isExhaustive {
      while let first = recorder.receivedActions.first, !isMatching(first.action) {
        if case .off(showSkippedAssertions: true) = exhaustivity {
          reportSkipped(skippedActionsMessage([first.action]), at: location)
        }
        state = first.state
        sharedState = first.shared
        recorder.receivedActions.removeFirst()
      }
    }

    let received = recorder.receivedActions.removeFirst()
    guard isMatching(received.action) else {
      // Only the action is reported: the state it led to was never what the test described.
      let receivedLater = recorder.receivedActions.contains { isMatching($0.action) }
      report(
        """
        Received unexpected action\(receivedLater ? " before this one" : ""): …

        \(mismatch(received.action))
        """,
        at: location
      )
      state = received.state
      sharedState = received.shared
      await settleEffects()
      return
    }
    checkState(
      actual: received.state,
      actualShared: received.shared,
      updateStateToExpectedResult: updateStateToExpectedResult,
      requiresChange: !received.wroteShared,
      nextStackElementID: received.nextStackElementID,
      at: location
    )
    state = received.state
    sharedState = received.shared
    await settleEffects()
  }
}

extension String {
  /// Every line moved right by this many spaces.
  func indented(by count: Int) -> String {
    let indentation = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { "\(indentation)\($0)" }
      .joined(separator: "\n")
  }
}
