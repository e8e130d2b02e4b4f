import CNCurses
import Foundation
import TerminalUI

/// Owns the real terminal while a TerminalUI program runs.
///
/// `start()` checks that stdin and stdout are terminals (otherwise it prints a one-line error to
/// stderr and exits with status 2 without touching the terminal), saves termios, sets the
/// locale, starts ncurses on the alternate screen in raw mode, enables bracketed paste and
/// installs signal handlers:
/// - SIGINT, SIGTERM and SIGHUP end the program in order: `events()` finishes, so the program
///   can save what it must before calling `end()`, which restores the terminal and re-raises
///   the signal; if that takes over two seconds, an alarm restores the terminal and ends the
///   process anyway (a second signal ends it at once);
/// - SIGQUIT and the trap signals (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE) write a
///   precomputed reset sequence, restore the saved termios and re-raise the signal with its
///   default action;
/// - SIGTSTP (from `kill -TSTP`; `suspend()` does the same for Ctrl-Z) restores the terminal
///   and stops; on SIGCONT the session re-enters raw mode
///   and emits a `.resize` event so that the program repaints everything;
/// - SIGWINCH resizes ncurses and emits `.resize(Size)`.
///
/// Call `end()` before exiting normally.
@MainActor
public final class TerminalSession {
  /// The ncurses backend drawing to this terminal.
  public let backend: NCursesBackend
  /// The escape delay in milliseconds (`ESCDELAY`, default 25).
  public let escapeDelay: Int
  private var notifyPipe: (read: Int32, write: Int32)
  private var isActive = true
  private var stream: AsyncStream<[KeyEvent]>?
  private var continuation: AsyncStream<[KeyEvent]>.Continuation?

  private init(backend: NCursesBackend, escapeDelay: Int, notifyPipe: (Int32, Int32)) {
    self.backend = backend
    self.escapeDelay = escapeDelay
    self.notifyPipe = notifyPipe
  }

  /// Takes over the terminal, or exits with status 2 if stdin or stdout is not a terminal.
  public static func start() -> TerminalSession {
    let program = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }
    let name = program ?? "terminalui"
    let problem: String? =
      isatty(STDIN_FILENO) == 0
      ? "standard input is not a terminal"
      : isatty(STDOUT_FILENO) == 0 ? "standard output is not a terminal" : nil
    if let problem {
      FileHandle.standardError.write(Data("\(name): \(problem)\n".utf8))
      exit(2)
    }
    _ = setlocale(LC_ALL, "")
    _ = cncurses_save_termios(STDIN_FILENO)
    let environment = ProcessInfo.processInfo.environment
    let escapeDelay = environment["ESCDELAY"].flatMap { Int($0) }.map { max(0, $0) } ?? 25
    let noColor = noColorRequested()

    var fds: [Int32] = [-1, -1]
    if pipe(&fds) != 0 {
      FileHandle.standardError.write(Data("\(name): cannot create a pipe\n".utf8))
      exit(1)
    }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    // Handlers go in before initscr: ncurses then leaves SIGTSTP, SIGINT, SIGTERM and SIGWINCH
    // alone (it would otherwise ignore SIGTSTP during every refresh, losing a Ctrl-Z).
    cncurses_prepare_reset()
    cncurses_install_signal_handlers(fds[1])
    let backend = NCursesBackend(escapeDelay: escapeDelay, noColor: noColor)
    cncurses_prepare_reset()
    writeOut("\u{1B}[?2004h")
    return TerminalSession(backend: backend, escapeDelay: escapeDelay, notifyPipe: (fds[0], fds[1]))
  }

  /// The decoded input, one array per read. Resizes and resumption from suspension arrive as
  /// `.resize(Size)` after ncurses has been updated. The stream finishes when stdin closes.
  ///
  /// Call once; later calls return the same stream.
  public func events() -> AsyncStream<[KeyEvent]> {
    if let stream { return stream }
    let (stream, continuation) = AsyncStream.makeStream(of: [KeyEvent].self)
    self.stream = stream
    self.continuation = continuation
    let (raw, rawContinuation) = AsyncStream.makeStream(of: InputSignal.self)
    InputReader.start(
      inputFD: STDIN_FILENO, notifyFD: notifyPipe.read, escapeDelay: escapeDelay
    ) { signal in
      rawContinuation.yield(signal)
      if case .closed = signal { rawContinuation.finish() }
    }
    Task { @MainActor [weak self] in
      for await signal in raw {
        guard let self, self.isActive else { break }
        switch signal {
        case .keys(let events):
          continuation.yield(events)
        case .resized(let size):
          self.backend.resize(to: size)
          continuation.yield([.resize(self.backend.size)])
        case .resumed:
          self.resumed()
        case .terminated:
          continuation.finish()
        case .closed:
          continuation.finish()
        }
      }
      continuation.finish()
    }
    return stream
  }

  /// Suspends the program like Ctrl-Z in a shell (raw mode delivers Ctrl-Z as a key, so the
  /// program calls this): the terminal is restored and the process stops; when it is continued,
  /// raw mode comes back and `events()` emits a `.resize` so the screen is repainted.
  public func suspend() {
    guard isActive else { return }
    // A process-directed SIGTSTP (to the process group, as the tty driver would send it): the
    // kernel delivers it to a thread that does not block it, whose handler restores the terminal
    // and stops; on SIGCONT the handler notifies the input thread, which calls `resumed()`.
    _ = kill(0, SIGTSTP)
  }

  private func resumed() {
    guard isActive else { return }
    writeOut("\u{1B}[?2004h")
    backend.resume()
    continuation?.yield([.resize(backend.size)])
  }

  /// The termination signal (SIGINT, SIGTERM, SIGHUP) that ended `events()`, if one did.
  public var terminationSignal: Int32? {
    let signal = cncurses_termination_signal()
    return signal == 0 ? nil : signal
  }

  /// Restores the terminal: bracketed paste off, cursor shown, attributes reset, alternate
  /// screen left, the saved termios back, default signal actions. Safe to call twice. When a
  /// termination signal ended the session, the signal is raised again once the terminal is
  /// restored, so the process ends as the signal asked.
  public func end() {
    defer {
      if let signal = terminationSignal {
        _ = raise(signal)
      }
    }
    guard isActive else { return }
    isActive = false
    _ = curs_set(1)
    _ = wattrset(cncurses_stdscr(), 0)
    _ = wrefresh(cncurses_stdscr())
    _ = endwin()
    cncurses_uninstall_signal_handlers()
    cncurses_restore_termios(STDIN_FILENO)
    writeOut("\u{1B}[?2004l")
  }
}

private func writeOut(_ text: String) {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { buffer in
      write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return
    }
    offset += written
  }
}
