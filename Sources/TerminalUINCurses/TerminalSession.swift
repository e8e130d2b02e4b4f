import CNCurses
import Foundation
import Synchronization
import TerminalUI

/// Owns the real terminal while a TerminalUI program runs.
///
/// `start()` checks that stdin and stdout are terminals (otherwise it prints a one-line error to
/// stderr and exits with status 2 without touching the terminal), saves termios, sets the
/// locale, starts ncurses on the alternate screen in raw mode, enables bracketed paste and (unless
/// told not to) SGR mouse reporting, and installs signal handlers:
/// - SIGINT, SIGTERM and SIGHUP end the program in order: `input()` finishes, so the program
///   can save what it must before calling `end()`, which restores the terminal and re-raises
///   the signal; if that takes over two seconds, an alarm restores the terminal and ends the
///   process anyway (a second signal ends it at once);
/// - SIGQUIT and the trap signals (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE) write a
///   precomputed reset sequence, restore the saved termios and re-raise the signal with its
///   default action;
/// - SIGTSTP (from `kill -TSTP`; `suspend()` does the same for Ctrl-Z) restores the terminal
///   and stops; on SIGCONT the session re-enters raw mode
///   and `receive(_:)` returns a `.resize` so that the program repaints everything;
/// - SIGWINCH resizes ncurses and comes back from `receive(_:)` as `.resize(Size)`.
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
  private var stream: AsyncStream<TerminalInput>?
  /// The keys of each read, for ``events()``.
  private var keyStream: AsyncStream<[KeyEvent]>?
  /// Whether reads go to a handler (``handleInput(_:)``) instead of the stream.
  private var readsDirectly = false
  /// Reads the input thread has yielded that `receive(_:)` has not taken yet.
  private nonisolated let queuedReads = QueuedReads()
  /// Input read ahead by ``isInterruptWaiting``, which the input thread decodes first.
  private nonisolated let backlog = InputBacklog()
  /// Whether the terminal reports the mouse (clicks, the wheel) while the session runs.
  public let reportsMouse: Bool

  private init(
    backend: NCursesBackend, escapeDelay: Int, notifyPipe: (Int32, Int32), reportsMouse: Bool
  ) {
    self.backend = backend
    self.escapeDelay = escapeDelay
    self.notifyPipe = notifyPipe
    self.reportsMouse = reportsMouse
  }

  /// The bytes that turn mouse reporting on: button presses and releases (mode 1000), which
  /// include the wheel, reported in the SGR form (mode 1006), which has no column limit.
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
  /// The bytes that turn it off again (also in the reset a signal writes).
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

  /// Takes over the terminal, or exits with status 2 if stdin or stdout is not a terminal.
  ///
  /// - Parameter mouse: Whether the terminal reports clicks and the wheel to the program
  ///   (turned off again on every way out, a suspension included).
  public static func start(mouse: Bool = true) -> TerminalSession {
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
    writeOut("\u{1B}[?2004h" + (mouse ? mouseOn : ""))
    return TerminalSession(
      backend: backend, escapeDelay: escapeDelay, notifyPipe: (fds[0], fds[1]),
      reportsMouse: mouse)
  }

  /// What the terminal sends, one element per read: keys, a new size, a resumption after
  /// suspension, the end. The input thread yields straight into this one stream; hand each
  /// element to ``receive(_:)`` on the main actor, which applies sizes and resumptions and
  /// returns the keys to handle.
  ///
  /// For example, a program's key loop:
  ///
  /// <!-- context: tui-key-loop -->
  /// ```swift
  /// for await input in session.input() {
  ///   guard let keys = session.receive(input) else { break }
  ///   app.handleWithinFrameRate(keys, moreInputWaiting: session.isInputWaiting)
  /// }
  /// ```
  ///
  /// Call once; later calls return the same stream. It finishes when stdin closes or a
  /// termination signal arrives.
  public func input() -> AsyncStream<TerminalInput> {
    if let stream { return stream }
    precondition(!readsDirectly, "input() after the input went to handleInput(_:)")
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalInput.self)
    self.stream = stream
    startReading { signal in
      continuation.yield(signal)
      if case .closed = signal { continuation.finish() }
      if case .terminated = signal { continuation.finish() }
    }
    return stream
  }

  /// The keys of each read, as ``receive(_:)`` returns them (a resize and a resumption as
  /// `.resize`), until the input ends: the stream an app's loop read before the runner.
  ///
  /// For example, the loop of an app written before ``TerminalApp``:
  /// `for await keys in session.events() { app.handleWithinFrameRate(keys) }`.
  ///
  /// Call once; later calls return the same stream.
  @available(
    *, deprecated,
    message: "run the app with TerminalApp.run, or loop over input() and receive(_:) (see input())"
  )
  public func events() -> AsyncStream<[KeyEvent]> {
    if let keyStream { return keyStream }
    let reads = input()
    let (stream, continuation) = AsyncStream.makeStream(of: [KeyEvent].self)
    keyStream = stream
    Task { @MainActor [weak self] in
      for await read in reads {
        guard let keys = self?.receive(read) else { break }
        continuation.yield(keys)
      }
      continuation.finish()
    }
    return stream
  }

  /// Hands each read to `handle` on the main actor, without waking a thread for it: the input
  /// thread runs `handle` itself, as a job of the main queue (the main actor's executor on
  /// Linux), as soon as the main actor is free. Through ``input()`` a read wakes two threads
  /// before it is handled (the stream resumes its reader on the global executor, which hops to
  /// the main actor), which after a quiet spell cost more than handling the key; ``TerminalApp``
  /// reads this way. `handle` passes each read to ``receive(_:)`` as a loop over `input()`
  /// would. Call once, instead of `input()`.
  func handleInput(_ handle: @escaping @MainActor (TerminalInput) -> Void) {
    precondition(stream == nil && !readsDirectly, "the input is already being read")
    readsDirectly = true
    startReading { signal in
      DispatchQueue.main.sync {
        MainActor.assumeIsolated { handle(signal) }
      }
    }
  }

  /// Starts the input thread, counting each read as waiting until ``receive(_:)`` takes it.
  private func startReading(_ deliver: @escaping @Sendable (TerminalInput) -> Void) {
    InputReader.start(
      inputFD: STDIN_FILENO, notifyFD: notifyPipe.read, escapeDelay: escapeDelay,
      backlog: backlog
    ) { [queuedReads] signal in
      queuedReads.count.add(1, ordering: .relaxed)
      queuedReads.lastRead.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
      deliver(signal)
    }
  }

  /// Applies what the terminal sent and returns the keys for the program to handle: a new size
  /// resizes ncurses and comes back as `.resize`; a resumption after Ctrl-Z re-enters raw mode
  /// and the alternate screen and comes back as `.resize` (so everything is repainted); `nil`
  /// once the input ended (stdin closed, or SIGINT, SIGTERM or SIGHUP arrived).
  public func receive(_ input: TerminalInput) -> [KeyEvent]? {
    queuedReads.count.subtract(1, ordering: .relaxed)
    guard isActive else { return nil }
    switch input {
    case .keys(let events):
      return events
    case .resized(let size):
      backend.resize(to: size)
      return [.resize(backend.size)]
    case .resumed:
      resumed()
      return [.resize(backend.size)]
    case .terminated, .closed:
      return nil
    }
  }

  /// Whether more input is on its way: a read the input thread has yielded and `receive(_:)`
  /// has not taken, or bytes on stdin not read yet. A program draws a key at once when no more
  /// input waits, and at most 60 frames a second while it keeps coming (a paste, a burst): see
  /// `Application.handleWithinFrameRate(_:moreInputWaiting:)` (TerminalUI).
  public var isInputWaiting: Bool {
    if queuedReads.count.load(ordering: .relaxed) > 0 || !backlog.isEmpty { return true }
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
  }

  /// Whether a Ctrl-C waits behind input not handled yet: reads everything the terminal has
  /// sent so far (without waiting, up to 16 MiB) into a backlog that the input thread decodes
  /// before it reads again, and looks for Ctrl-C there, outside bracketed pastes. A Ctrl-C typed
  /// after a flood (a megabyte pasted unbracketed, a key held down) is found at once, where
  /// reading the flood as the program handles it took minutes. `TerminalApp` gives it to
  /// `Application.interruptCheck` (TerminalUI), which asks while it routes a long batch.
  ///
  /// For example, in a loop of one's own: `app.interruptCheck = { session.isInterruptWaiting }`.
  public var isInterruptWaiting: Bool {
    backlog.readAhead(from: STDIN_FILENO)
  }

  /// Suspends the program like Ctrl-Z in a shell (raw mode delivers Ctrl-Z as a key, so the
  /// program calls this): the terminal is restored and the process stops; when it is continued,
  /// raw mode comes back and `receive(_:)` returns a `.resize` so the screen is repainted.
  public func suspend() {
    guard isActive else { return }
    // A process-directed SIGTSTP (to the process group, as the tty driver would send it): the
    // kernel delivers it to a thread that does not block it, whose handler restores the terminal
    // and stops; on SIGCONT the handler notifies the input thread, which calls `resumed()`.
    _ = kill(0, SIGTSTP)
  }

  private func resumed() {
    writeOut("\u{1B}[?2004h" + (reportsMouse ? Self.mouseOn : ""))
    backend.resume()
  }

  /// The termination signal (SIGINT, SIGTERM, SIGHUP) that ended `input()`, if one did.
  public var terminationSignal: Int32? {
    let signal = cncurses_termination_signal()
    return signal == 0 ? nil : signal
  }

  /// Restores the terminal: bracketed paste off, cursor shown, attributes reset, alternate
  /// screen left, the saved termios back, default signal actions, and input not read yet
  /// discarded (so that the rest of a paste never reaches the shell as commands). Safe to call
  /// twice.
  ///
  /// When a termination signal ended the session, or `interrupted` says the user pressed
  /// Ctrl-C (which raw mode reads as a key, where a shell's terminal would send SIGINT), the
  /// process then ends by that signal, SIGINT for Ctrl-C, once the terminal is restored: its
  /// shell sees status 130 after Ctrl-C or SIGINT, 143 after SIGTERM, 129 after SIGHUP. Save
  /// what must be saved before calling it.
  ///
  /// - Parameter interrupted: Whether the program ends because Ctrl-C was pressed.
  public func end(interrupted: Bool = false) {
    defer {
      if let signal = terminationSignal ?? (interrupted ? SIGINT : nil) {
        cncurses_end_by_signal(signal)
      }
    }
    guard isActive else { return }
    isActive = false
    // Still in raw mode (nothing echoed): what the terminal sends now is the rest of a paste
    // or of a burst of keys, which must not reach the shell as commands.
    drainInput()
    _ = curs_set(1)
    _ = wattrset(cncurses_stdscr(), 0)
    _ = wrefresh(cncurses_stdscr())
    _ = endwin()
    cncurses_uninstall_signal_handlers()
    cncurses_restore_termios(STDIN_FILENO)
    // Nothing typed outlives the app: the rest of a paste never reaches the shell.
    cncurses_discard_pending_input(STDIN_FILENO)
    writeOut("\u{1B}[?2004l" + (reportsMouse ? Self.mouseOff : ""))
  }
}

extension TerminalSession {
  /// Discards input until the terminal has sent nothing for 30 ms (the rest of a paste still
  /// arriving), at most for a second.
  private func drainInput() {
    let quiet: UInt64 = 30_000_000
    let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
    while DispatchTime.now().uptimeNanoseconds < deadline {
      cncurses_discard_pending_input(STDIN_FILENO)
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(quiet / 1_000_000))
      if ready < 0, errno != EINTR { return }
      if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return }
      // Read before the clock: a read recorded is never later than the time taken after it.
      let lastRead = queuedReads.lastRead.load(ordering: .relaxed)
      let sinceLastRead = DispatchTime.now().uptimeNanoseconds - lastRead
      if ready == 0, sinceLastRead >= quiet { return }
    }
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

/// How many reads of the input thread wait in the input stream, and when it last read.
private final class QueuedReads: Sendable {
  let count = Atomic<Int>(0)
  /// When the input thread last read something, in `DispatchTime` nanoseconds.
  let lastRead = Atomic<UInt64>(0)
}
