import ComposableArchitecture
import Foundation
import Testing

/// The text of an issue reported through IssueReporting.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// The text of an issue with CustomDump's figure spaces (which align diff columns) as plain
/// spaces, to compare with a message written in a test.
func plainMessage(of issue: Issue) -> String {
  message(of: issue).replacingOccurrences(of: "\u{2007}", with: " ")
}

/// The messages of the issues `body` reports, expected ones included (a non-exhaustive test
/// store's skipped assertions), which are reported as usual besides.
@MainActor
func issueMessages(_ body: () async -> Void) async -> [String] {
  let texts = IssueTexts()
  await withIssueReporters(IssueReporters.current + [texts]) {
    await body()
  }
  return texts.messages.value
}

/// Keeps the text of every issue reported to it.
final class IssueTexts: IssueReporter {
  let messages = LockIsolated<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?, fileID: StaticString, filePath: StaticString,
    line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    messages.withValue { $0.append(text) }
  }
}
