import Observation
import TerminalUICore

/// Messages the user should see without them covering the screen: a state file that could not
/// be read, a write that failed. An app and the library post to it; the screen shows the newest
/// on one row under the content (see ``View/statusLine(_:)``).
///
/// For example:
///
/// ```swift
/// let status = StatusLine()
/// status.post("Could not read settings.json; it was kept aside.")
/// status.latest  // "Could not read settings.json; it was kept aside."
/// ```
///
/// The public runner (`TerminalApp.run` in `TerminalUINCurses`) makes one, shows it, and posts
/// every issue reported while the app runs (`reportIssue`, which persistence keys use) to it.
@MainActor
@Observable
public final class StatusLine {
  /// Every message, oldest first.
  public private(set) var messages: [String] = []

  /// Creates an empty status line.
  public init() {}

  /// Adds a message (its first line only: the status line is one row). The same text twice in
  /// a row is kept once.
  public func post(_ message: String) {
    let firstLine = String(
      message.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    guard !firstLine.isEmpty, messages.last != firstLine else { return }
    messages.append(firstLine)
  }

  /// Removes every message, so the row disappears.
  public func clear() {
    messages.removeAll()
  }

  /// The newest message, if any: what the row shows.
  public var latest: String? { messages.last }
}

extension View {
  /// Shows the newest message of `status` on one row under this view (in yellow, after a
  /// `⚠`); nothing while it has none.
  ///
  /// For example, `RootView(store: store).statusLine(status)`.
  public func statusLine(_ status: StatusLine) -> some View {
    StatusLineContainer(content: self, status: status)
  }
}

/// A view with the status line's row under it.
struct StatusLineContainer<Content: View>: View {
  let content: Content
  let status: StatusLine

  var body: some View {
    VStack {
      content
      if let message = status.latest {
        Text("⚠ " + message).style(.warning).lineLimit(1)
      }
    }
  }
}
