import ComposableArchitecture
import Testing

/// The text of an issue reported through IssueReporting.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
