import Foundation
import IssueReporting
import TerminalUI

/// The text form of a screen: one line per row (trailing spaces trimmed), then a style layer
/// naming each run of styled cells, then the cursor.
///
/// For example:
///
/// ```text
/// Email
/// [ Sign in ]
///
/// row 1 col 0-10: reverse
/// cursor: row 0 col 0
/// ```
///
/// Rows and columns count from 0. Secure fields are drawn as bullets, so their text can never
/// reach a snapshot.
public func screenText(_ buffer: Buffer) -> String {
  var output = buffer.lines.map { line in
    String(line.reversed().drop { $0 == " " }.reversed())
  }
  var styles: [String] = []
  for y in 0..<buffer.size.height {
    var x = 0
    while x < buffer.size.width {
      let style = buffer[x, y].style
      var end = x
      while end + 1 < buffer.size.width, buffer[end + 1, y].style == style { end += 1 }
      if style != .plain { styles.append("row \(y) col \(x)-\(end): \(describe(style))") }
      x = end + 1
    }
  }
  if !styles.isEmpty { output += [""] + styles }
  if let cursor = buffer.cursor {
    output += [styles.isEmpty ? "" : nil, "cursor: row \(cursor.y) col \(cursor.x)"]
      .compactMap { $0 }
  }
  return output.joined(separator: "\n") + "\n"
}

private func describe(_ style: Style) -> String {
  var words: [String] = []
  if style.bold { words.append("bold") }
  if style.dim { words.append("dim") }
  if style.underline { words.append("underline") }
  if style.reverse { words.append("reverse") }
  if style.foreground != .default { words.append("fg=\(style.foreground)") }
  if style.background != .default { words.append("bg=\(style.background)") }
  return words.joined(separator: " ")
}

/// Checks a view drawn at a size against the snapshot stored in `__Snapshots__` next to the
/// test file.
///
/// For example, `assertScreen(CounterView(store: store), named: "initial")`. A missing or
/// different snapshot fails the test; run with `SNAPSHOT_RECORD=1` to record it.
@MainActor
public func assertScreen(
  _ view: some View, width: Int = 80, height: Int = 24, named name: String? = nil,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let buffer = render(view, size: Size(width: width, height: height))
  assertScreen(
    buffer, named: name, fileID: fileID, file: filePath, testName: testName, line: line,
    column: column)
}

/// Checks what a headless backend shows against a stored snapshot.
@MainActor
public func assertScreen(
  _ backend: HeadlessBackend, named name: String? = nil,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  assertScreen(
    backend.buffer, named: name, fileID: fileID, file: filePath, testName: testName,
    line: line, column: column)
}

/// Checks a buffer against a stored snapshot.
public func assertScreen(
  _ buffer: Buffer, named name: String? = nil,
  fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  guard
    let failure = SnapshotStore.verify(
      screenText(buffer), named: name, filePath: "\(filePath)", testName: testName)
  else { return }
  reportIssue(
    snapshotFailureMessage(failure), fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// A snapshot failure with what to do about it: snapshots are recorded only on purpose, with
/// `SNAPSHOT_RECORD=1`.
func snapshotFailureMessage(_ failure: String) -> String {
  guard failure.hasPrefix("No reference was found on disk") else { return failure }
  return """
    No snapshot is recorded for this screen yet. Run the test once with SNAPSHOT_RECORD=1 to \
    record it (for example `SNAPSHOT_RECORD=1 swift test --filter <test>`), review the new file \
    under __Snapshots__, and commit it.

    \(failure)
    """
}
