extension TestStore where Action: Equatable {
  /// Asserts that an effect sent this action, and how it changed the state.
  ///
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
        let difference =
          diff(expectedAction, received, format: .proportional).map { "\($0)\n\n" } ?? ""
        return "Received unexpected action: …\n\n\(difference)(Expected: −, Received: +)"
      },
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Asserts that an effect sent an action of this case, and how it changed the state.
  ///
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
        Received unexpected action: …

        \(String(customDumping: received).indented)

        It does not match the expected case: \(actionCase)
        """
      },
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that an effect sent an action of this case carrying this value, and how it changed
  /// the state.
  ///
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
        if let receivedValue = received[case: actionCase] {
          let difference =
            diff(value, receivedValue, format: .proportional).map { "\($0)\n\n" } ?? ""
          return """
            Received unexpected action: …

            \(difference)(Expected: −, Received: +)
            """
        }
        return """
          Received unexpected action: …

          \(String(customDumping: received).indented)

          It does not match the expected case: \(actionCase)
          """
      },
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
        """
        Received action that does not match the predicate: …

        \(String(customDumping: received).indented)
        """
      },
      timeout: duration,
      assert: updateStateToExpectedResult,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  func receiveAction(
    matching isMatching: (Action) -> Bool,
    mismatch: (Action) -> String,
    timeout duration: Duration?,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    at location: SourceLocation
  ) async {
    let nanoseconds = duration.map(nanoseconds(of:)) ?? timeout
    let isExhaustive = exhaustivity == .on
    let arrived = await waitUntil(nanoseconds: nanoseconds) {
      isExhaustive
        ? !recorder.receivedActions.isEmpty
        : recorder.receivedActions.contains { isMatching($0.action) }
    }
    guard arrived else {
      if isExhaustive || recorder.receivedActions.isEmpty {
        report(
          """
          Expected to receive an action, but received none\
          \(nanoseconds > 0 ? " after \(seconds(nanoseconds)) seconds" : "").
          """
            + (runtime.registry.liveCount == 0
              ? "\n\nNo effect is running that could send one." : ""),
          at: location
        )
      } else {
        report(
          """
          Expected to receive a matching action, but didn't get one after \
          \(seconds(nanoseconds)) seconds. Received and skipped: \
          \(dumpActions(recorder.receivedActions.map(\.action)))
          """,
          at: location
        )
      }
      return
    }

    if !isExhaustive {
      while let first = recorder.receivedActions.first, !isMatching(first.action) {
        if case .off(showSkippedAssertions: true) = exhaustivity {
          reportSkipped(
            "Skipped receiving \(String(customDumping: first.action))", at: location)
        }
        state = first.state
        sharedState = first.shared
        recorder.receivedActions.removeFirst()
      }
    }

    let received = recorder.receivedActions.removeFirst()
    if !isMatching(received.action) {
      report(mismatch(received.action), at: location)
    }
    checkState(
      actual: received.state,
      actualShared: received.shared,
      updateStateToExpectedResult: updateStateToExpectedResult,
      nextStackElementID: received.nextStackElementID,
      at: location
    )
    state = received.state
    sharedState = received.shared
    await settleEffects()
  }
}

extension String {
  var indented: String {
    split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  \($0)" }
      .joined(separator: "\n")
  }
}
