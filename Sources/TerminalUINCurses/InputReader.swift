import CNCurses
import Foundation
import TerminalUI

/// What the terminal sent, as the input thread reads it: give it to
/// ``TerminalSession/receive(_:)`` on the main actor.
public enum TerminalInput: Sendable {
  /// Keys decoded from one read.
  case keys([KeyEvent])
  /// The window's new size (SIGWINCH).
  case resized(Size)
  /// The program was continued after a suspension (SIGCONT).
  case resumed
  /// SIGINT, SIGTERM or SIGHUP arrived.
  case terminated
  /// Standard input closed.
  case closed
}

/// Reads raw bytes from stdin on a background thread and decodes them with `KeyDecoder`.
///
/// The thread blocks in `poll` on stdin and the signal notification pipe: it wakes only when a
/// byte arrives, a signal is reported, or a pending lone ESC has waited `escapeDelay`.
enum InputReader {
  static func start(
    inputFD: Int32, notifyFD: Int32, escapeDelay: Int, backlog: InputBacklog,
    deliver: @escaping @Sendable (TerminalInput) -> Void
  ) {
    let thread = Thread {
      run(
        inputFD: inputFD, notifyFD: notifyFD, escapeDelay: escapeDelay, backlog: backlog,
        deliver: deliver)
    }
    thread.name = "TerminalUINCurses.input"
    thread.start()
  }

  private static func run(
    inputFD: Int32, notifyFD: Int32, escapeDelay: Int, backlog: InputBacklog,
    deliver: @Sendable (TerminalInput) -> Void
  ) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var fds = [
      pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: notifyFD, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      // What was read ahead while the program was busy comes first, in order.
      let ahead = backlog.take()
      if !ahead.isEmpty {
        let events = decoder.decode(ahead[...])
        if !events.isEmpty { deliver(.keys(events)) }
        continue
      }
      let timeout = decoder.hasPending ? Int32(escapeDelay) : -1
      fds[0].revents = 0
      fds[1].revents = 0
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        deliver(.closed)
        return
      }
      if ready == 0 {
        let events = decoder.flush()
        if !events.isEmpty { deliver(.keys(events)) }
        continue
      }
      if fds[1].revents & Int16(POLLIN) != 0 {
        let count = read(notifyFD, &buffer, buffer.count)
        if count > 0 {
          let bytes = buffer[0..<count]
          if bytes.contains(UInt8(ascii: "C")) { deliver(.resumed) }
          if bytes.contains(UInt8(ascii: "T")) { deliver(.terminated) }
          if bytes.contains(UInt8(ascii: "W")) {
            var rows: Int32 = 0
            var columns: Int32 = 0
            cncurses_window_size(STDOUT_FILENO, &rows, &columns)
            deliver(.resized(Size(width: Int(columns), height: Int(rows))))
          }
        }
      }
      if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = read(inputFD, &buffer, buffer.count)
        switch outcome(ofRead: count, error: errno) {
        case .retry: continue
        case .bytes: break
        case .closed:
          let events = decoder.flush()
          if !events.isEmpty { deliver(.keys(events)) }
          deliver(.closed)
          return
        }
        let events = decoder.decode(buffer[0..<count])
        if !events.isEmpty { deliver(.keys(events)) }
      }
    }
  }
}

extension InputReader {
  /// What a `read` of stdin that returned `count` (and set `error` when negative) means: a
  /// signal or a spurious wake-up is read again, the end of input or a real error closes it.
  enum ReadOutcome: Equatable {
    case bytes, retry, closed
  }

  static func outcome(ofRead count: Int, error: Int32) -> ReadOutcome {
    if count > 0 { return .bytes }
    if count < 0, error == EINTR || error == EAGAIN { return .retry }
    return .closed
  }
}
