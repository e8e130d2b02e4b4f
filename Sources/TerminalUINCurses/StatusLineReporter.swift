import IssueReporting
import TerminalUI

/// An issue reporter that posts each issue's first line to a `StatusLine`, so a problem the
/// library reports while the app runs (a corrupt state file, a failed write) shows on screen
/// instead of being printed over it. ``TerminalApp`` installs one for the length of a run.
///
/// For example, a headless test that wants to see the warnings a run would show:
///
/// ```swift
/// let status = StatusLine()
/// withIssueReporters([StatusLineReporter(status)]) {
///   reportIssue("Could not save stats.json")
/// }
/// ```
public struct StatusLineReporter: IssueReporter {
  let statusLine: StatusLine
  let also: (@Sendable (String) -> Void)?

  /// Creates a reporter posting to `statusLine`, and telling `also` the whole message (to log
  /// it, for example).
  public init(_ statusLine: StatusLine, also: (@Sendable (String) -> Void)? = nil) {
    self.statusLine = statusLine
    self.also = also
  }

  public func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    deliver(message() ?? "An unexpected problem occurred (\(fileID):\(line)).")
  }

  public func reportIssue(
    _ error: any Error, _ message: @autoclosure () -> String?, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    deliver([message(), "\(error)"].compactMap { $0 }.joined(separator: ": "))
  }

  private func deliver(_ text: String) {
    also?(text)
    let statusLine = statusLine
    Task { @MainActor in statusLine.post(text) }
  }
}
