// Upstream's test store also takes timeouts in nanoseconds (`finish(timeout: 5 * NSEC_PER_SEC)`,
// `receive(.tick, timeout: 1_000_000_000)`); these forward to the `Duration` spellings.

extension TestStoreTask {
  /// Waits for the effects to finish, with a timeout in nanoseconds.
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds), fileID: fileID, file: filePath, line: line,
      column: column)
  }
}

extension TestStore {
  /// Waits for every running effect to finish, with a timeout in nanoseconds.
  @_disfavoredOverload
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds), fileID: fileID, file: filePath, line: line,
      column: column)
  }

  /// Asserts that an effect sent an action that satisfies a predicate, with a timeout in
  /// nanoseconds.
  @_disfavoredOverload
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      isMatching, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column)
  }
}

extension TestStore where Action: Equatable {
  /// Asserts that an effect sent this action, with a timeout in nanoseconds.
  @_disfavoredOverload
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      expectedAction, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column)
  }
}

extension TestStore where Action: CasePathable {
  /// Asserts that an effect sent an action of this case, with a timeout in nanoseconds.
  @_disfavoredOverload
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column)
  }

  /// Asserts that an effect sent an action of this case carrying this value, with a timeout in
  /// nanoseconds.
  @_disfavoredOverload
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      actionCase, value, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, file: filePath, line: line, column: column)
  }
}
