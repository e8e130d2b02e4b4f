import Foundation
import Logging
import Synchronization
import TerminalUI

/// A swift-log handler that appends one line per message to a file created with mode 0600.
///
/// For example:
///
/// <!-- context: core-import-logging -->
/// ```swift
/// let handler = try FileLogHandler(path: "demo.log")
/// LoggingSystem.bootstrap { _ in handler }
/// ```
///
/// Nothing is ever written to the terminal: the screen belongs to the app. Writes are
/// serialised, so lines from several threads never interleave.
public struct FileLogHandler: LogHandler {
  final class Sink: Sendable {
    let handle: Mutex<FileHandle>
    init(handle: FileHandle) { self.handle = Mutex(handle) }
    func write(_ line: String) {
      handle.withLock { $0.write(Data(line.utf8)) }
    }
  }

  /// Why a log file could not be opened.
  public struct OpenError: Error, CustomStringConvertible {
    /// The path and the system's reason.
    public let description: String
  }

  let sink: Sink
  /// Metadata added to every message.
  public var metadata: Logger.Metadata = [:]
  /// The lowest level written.
  public var logLevel: Logger.Level = .info
  /// Adds metadata from the task, if set.
  public var metadataProvider: Logger.MetadataProvider?

  /// Opens (creating with mode 0600, or appending to) the file at `path`.
  public init(path: String) throws(OpenError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw OpenError(
        description:
          "cannot open log file \(terminalSafe(path, multiline: false)): "
          + String(cString: strerror(errno)))
    }
    sink = Sink(handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
  }

  /// Writes `[level] message key=value` and a newline. What comes from data is made safe to
  /// `cat` (`terminalSafe(_:multiline:)`): a control sequence in a path or a typed text is
  /// written as escapes, never raw.
  public func log(event: LogEvent) {
    var all = metadata
    if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
    if let extra = event.metadata { all.merge(extra) { $1 } }
    let suffix =
      all.isEmpty
      ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    sink.write(terminalSafe("[\(event.level)] \(event.message)\(suffix)") + "\n")
  }

  /// A metadata value.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
}
