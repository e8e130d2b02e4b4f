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
    if let recorder {
      // One key at a time, so that each is recorded knowing whether it fills a secret.
      var recorded: [KeyEvent] = []
      for event in events where !app.isFinished {
        recorded.append(TapeRecorder.recordable(event, isSecret: app.isTypingSecret))
        app.handleWithinFrameRate([event])
      }
      recorder.record(recorded)
    } else {
      app.handleWithinFrameRate(events)
    }
    if app.isFinished { break }
  }
  @Dependency(\.defaultFileStorage) var storage
  storage.flushPendingWrites()
  @Dependency(\.defaultAppStorage) var appStorage
  appStorage.flushPendingWrites()
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

  /// Appends the commands for `events`, after an `advance` for the time since the keys before
  /// them (to the tenth of a second, when it is at least that), so that a replay on a test
  /// clock sees debounces, spinners and timers as the session did.
  public func record(_ events: [KeyEvent], at now: ContinuousClock.Instant = .now) {
    var lines = tapeLines(for: events)
    if let previous = lastRecorded {
      let tenths = Int((now - previous) / .milliseconds(100))
      if tenths > 0 { lines.insert("advance \(min(tenths, 36_000) * 100)ms", at: 0) }
    }
    lastRecorded = now
    handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
  }

  private var lastRecorded: ContinuousClock.Instant?

  /// What to record of a key: the key, or, when it was typed into a secure field, one `•` per
  /// character, so a recorded tape never holds a password yet fills the field with as many
  /// characters when replayed.
  public static func recordable(_ event: KeyEvent, isSecret: Bool) -> KeyEvent {
    guard isSecret else { return event }
    switch event {
    case .character: return .character("•")
    case .paste(let text): return .paste(String(repeating: "•", count: text.count))
    default: return event
    }
  }
}

/// The tape commands that replay `events`: runs of printable characters as `type "…"`, pastes
/// as `paste "…"`, resizes as `resize WxH`, everything else as `key NAME`.
public func tapeLines(for events: [KeyEvent]) -> [String] {
  var lines: [String] = []
  var typed = ""
  func flushTyped() {
    if !typed.isEmpty { lines.append("type \(KeyTape.quoted(typed))") }
    typed = ""
  }
  for event in events {
    switch event {
    case .character(let character) where character != " " || !typed.isEmpty:
      typed.append(character)
    case .paste(let text):
      flushTyped()
      lines.append("paste \(KeyTape.quoted(text))")
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
