import TerminalUI

/// Plays a tape against an application drawing to a headless backend, checking each
/// `snapshot` step with `assertScreen`; `advance` steps move the clock through `advance`, and
/// `settle` lets effects run after each step.
///
/// For example, with a store made by `Store.settling` on a `TestClock`, `clock`, so that timers
/// tick deterministically:
///
/// <!-- context: tui-replay -->
/// ```swift
/// await replay(tape, in: app, backend: backend, settle: store.settle) {
///   await clock.advance(by: $0, settling: store)
/// }
/// ```
@MainActor
public func replay(
  _ tape: KeyTape, in app: Application, backend: HeadlessBackend,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column,
  settle: () async -> Void = { for _ in 0..<20 { await Task.yield() } },
  advance: (Duration) async -> Void = { _ in }
) async {
  await play(tape, in: app, backend: backend, advance: advance, settle: settle) { name in
    assertScreen(
      backend, named: name, fileID: fileID, file: filePath, testName: testName, line: line,
      column: column)
  }
}
