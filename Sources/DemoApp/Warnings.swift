import ComposableArchitecture
import IssueReporting
import Logging
import Observation

/// Problems the user should know about (a state file that could not be read or written), shown
/// in the app's status line instead of being printed over the screen.
///
/// For example, the runtime installs ``WarningReporter`` so that an issue reported by a
/// `.fileStorage` key lands here:
///
/// ```swift
/// IssueReporters.current = [WarningReporter(center: warnings, logger: logger)]
/// ```
@MainActor
@Observable
public final class WarningCenter {
  /// Every warning, oldest first.
  public private(set) var messages: [String] = []

  /// Creates an empty center.
  public init() {}

  /// Adds a warning; the same text twice in a row is kept once.
  public func add(_ message: String) {
    if messages.last != message { messages.append(message) }
  }

  /// The newest warning, if any.
  public var latest: String? { messages.last }
}

/// An issue reporter for the running app: issues go to the log file and to the warning center,
/// never to the terminal.
public struct WarningReporter: IssueReporter {
  let center: WarningCenter
  let logger: Logger

  /// Creates a reporter feeding `center` and `logger`.
  public init(center: WarningCenter, logger: Logger) {
    self.center = center
    self.logger = logger
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
    logger.warning("\(text)")
    let center = center
    let firstLine = String(text.split(separator: "\n").first ?? "")
    Task { @MainActor in center.add(firstLine) }
  }
}
