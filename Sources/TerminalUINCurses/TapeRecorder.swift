import Foundation
import TerminalUI

/// Writes keys to a tape file as they arrive, in the format `KeyTape` reads, so a session can
/// be replayed headlessly (a test, or an app's replay option). Pass its ``record(_:at:)`` as
/// the runner's key hook:
///
/// <!-- context: tui-root-view -->
/// ```swift
/// let recorder = try TapeRecorder(path: "session.tape")
/// await TerminalApp.run(recordKeys: { recorder.record($0) }) { RootView() }
/// ```
///
/// The time between keys is kept as `advance` steps (to the tenth of a second), so a replay on a
/// test clock sees debounces, spinners and timers as the session did. The runner hands it keys
/// typed into a secure field as `•`, so a tape never holds a password.
@MainActor
public final class TapeRecorder {
  /// Why a tape could not be created.
  public struct Failure: Error, CustomStringConvertible {
    /// The path that could not be written.
    public let path: String
    public var description: String { "cannot create the tape file \(path)" }
  }

  private let handle: FileHandle
  private let start = ContinuousClock.now
  /// When the last keys were recorded, since `start` (only the last: the file holds the rest).
  private var lastRecorded: Duration?

  /// Creates (or truncates) the tape at `path`, readable by its owner only (0600: a tape holds
  /// what was typed), starting it with a `# recorded by NAME` line (the program's name unless
  /// told). What the tape holds is safe to `cat`: text is written with escapes for anything
  /// that could act on a terminal (`KeyTape.quoted(_:)`).
  public init(
    path: String,
    recordedBy name: String =
      (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }
      ?? "terminal app")
  ) throws(Failure) {
    let header = "# recorded by \(terminalSafe(name, multiline: false))\n"
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(header.utf8), attributes: [.posixPermissions: 0o600]),
      // An existing file keeps its mode when it is truncated: it is made 0600 too.
      (try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path))
        != nil,
      let handle = FileHandle(forWritingAtPath: path)
    else { throw Failure(path: terminalSafe(path, multiline: false)) }
    handle.seekToEndOfFile()
    self.handle = handle
  }

  /// Appends the commands for `events`, after an `advance` for the time since the keys before
  /// them when it is at least a tenth of a second.
  public func record(_ events: [KeyEvent], at now: ContinuousClock.Instant = .now) {
    guard !events.isEmpty else { return }
    let time = now - start
    let steps = [KeyLog.wait(from: lastRecorded, to: time), .keys(events)].compactMap { $0 }
    lastRecorded = time
    handle.write(Data(KeyTape(steps: steps).text.utf8))
  }

  /// What to record of a key: the key, or, when it was typed into a secure field, one `•` per
  /// character, so a recorded tape never holds a password yet fills the field with as many
  /// characters when replayed.
  public nonisolated static func recordable(_ event: KeyEvent, isSecret: Bool) -> KeyEvent {
    KeyLog.recordable(event, isSecret: isSecret)
  }
}
