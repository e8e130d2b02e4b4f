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
