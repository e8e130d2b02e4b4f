import ComposableArchitecture
import Foundation
import TerminalUINCurses

/// Runs a screen in the real terminal until Ctrl-C, `q` when no control used it, or the end of
/// the input; Ctrl-Z suspends. Keys can be recorded to a tape as they arrive.
///
/// For example:
///
/// ```swift
/// await runInTerminal(recorder: nil, noColor: false) { AppView(store: store) }
/// ```
///
/// The terminal is restored before this returns, and pending state-file writes are flushed.
@MainActor
public func runInTerminal(
  recorder: TapeRecorder?,
  noColor: Bool,
  configure: @MainActor (Application) -> Void = { _ in },
  @ViewBuilder content: @escaping @MainActor () -> Group
) async {
  let session = TerminalSession.start()
  var application: Application?
  let app = Application(
    backend: session.backend, showsHelpBar: true, noColor: noColor,
    globalKeys: [("q", "quit")],
    onKey: { key in
      switch key {
      case .character("q"):
        application?.finish()
      case .ctrl("z"):
        session.suspend()
      default:
        return false
      }
      return true
    },
    content: content)
  application = app
  configure(app)
  app.renderIfNeeded()
  for await events in session.events() {
    recorder?.record(events)
    app.handleWithinFrameRate(events)
    if app.isFinished { break }
  }
  @Dependency(\.defaultFileStorage) var storage
  storage.flushPendingWrites()
  session.end()
}

/// Writes keys to a tape file as they arrive, one command per line, so that a session can be
/// replayed with `--replay`. Printable characters typed in a row share one `type` line.
public final class TapeRecorder {
  private let handle: FileHandle

  /// Creates (or truncates) the tape at `path`.
  public init(path: String) throws(DemoError) {
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data("# recorded by composable-demo\n".utf8)),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw DemoError("cannot create the tape file \(path)") }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  /// Appends the commands for `events`.
  public func record(_ events: [KeyEvent]) {
    let text = tapeLines(for: events).map { $0 + "\n" }.joined()
    handle.write(Data(text.utf8))
  }
}

/// The tape commands that replay `events`: runs of printable characters as `type "…"`, pastes
/// as `paste "…"`, resizes as `resize WxH`, everything else as `key NAME`.
public func tapeLines(for events: [KeyEvent]) -> [String] {
  var lines: [String] = []
  var typed = ""
  func flushTyped() {
    if !typed.isEmpty { lines.append("type \(quoted(typed))") }
    typed = ""
  }
  for event in events {
    switch event {
    case .character(let character) where character != " " || !typed.isEmpty:
      typed.append(character)
    case .paste(let text):
      flushTyped()
      lines.append("paste \(quoted(text))")
    case .resize(let size):
      flushTyped()
      lines.append("resize \(size.width)x\(size.height)")
    default:
      flushTyped()
      lines.append("key \(keyName(event))")
    }
  }
  flushTyped()
  return lines
}

private func quoted(_ text: String) -> String {
  var result = "\""
  for character in text {
    switch character {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    default: result.append(character)
    }
  }
  return result + "\""
}
