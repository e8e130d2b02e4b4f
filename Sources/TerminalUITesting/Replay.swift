import TerminalUI

/// Plays a tape against an application drawing to a headless backend, checking each
/// `snapshot` step with `assertScreen`; `advance` steps move the clock through `advance`.
///
/// For example:
///
/// ```swift
/// let clock = TestClock()
/// await replay(tape, in: app, backend: backend) { await clock.advance(by: $0) }
/// ```
@MainActor
public func replay(
  _ tape: KeyTape, in app: Application, backend: HeadlessBackend,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column,
  advance: (Duration) async -> Void = { _ in }
) async {
  await play(tape, in: app, backend: backend, advance: advance) { name in
    assertScreen(
      backend, named: name, fileID: fileID, file: filePath, testName: testName, line: line,
      column: column)
  }
}
