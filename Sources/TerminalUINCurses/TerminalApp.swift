import Foundation
import IssueReporting
import TerminalUI

/// Runs a terminal app: one call takes the terminal, draws the root view, routes keys until the
/// user quits, and gives the terminal back as it found it.
///
/// For example, a counter app's whole `main.swift`:
///
/// <!-- context: tui-counter -->
/// ```swift
/// import ComposableTerminalUI
/// import TerminalUINCurses
///
/// let store = Store(initialState: Counter.State()) { Counter() }
/// await TerminalApp.run { CounterView(store: store) }
/// ```
///
/// An app without a store runs the same way, from a view over an `@Observable` model:
/// `await TerminalApp.run { NotesView(model: model) }`.
///
/// While it runs, the runner owns:
/// - the terminal: the alternate screen, raw mode, bracketed paste, and the signal handlers
///   of ``TerminalSession``; Ctrl-Z suspends (the shell gets its screen and modes back) and
///   `fg` resumes on the alternate screen, repainted;
/// - the key loop: each read from the terminal is handled as one batch, drawn as at most one
///   frame, at most 60 frames a second; a resize redraws at the new size;
/// - quitting: Ctrl-C always, and the keys of the ``QuitPolicy`` (`q` by default) when no
///   control used them, so a `q` typed into a text field stays text;
/// - memory: blocks of 1 MiB and more are mapped on their own (`mallopt`), and after the
///   screen shrinks to half its area or less, malloc's free pages are returned to the system,
///   so a very large screen's buffers do not stay resident;
/// - the `StatusLine` shown under the app, to which every issue reported while it runs
///   (`reportIssue`, which `@Shared` persistence keys use for a corrupt or unwritable file)
///   is posted instead of being printed over the screen.
///
/// On every way out (a quit key, Ctrl-C, SIGINT, SIGTERM, SIGHUP, the end of the input), it
/// cancels the app's `.task`s, runs the `onExit` hooks, and restores the terminal. An app that
/// imports `ComposableTerminalUI` runs through its overload of `run`, whose hook writes the
/// `@Shared` values still waiting for a throttled write. Then the process ends as a
/// shell expects: `run` returns after a quit key or the end of the input (status 0 when `main`
/// ends), and after Ctrl-C or a termination signal the process ends by that signal (SIGINT for
/// Ctrl-C), so its shell sees status 130 after Ctrl-C or SIGINT, 143 after SIGTERM and 129
/// after SIGHUP, and a script running it stops as it would for any interrupted command. With
/// no terminal (stdin or stdout redirected), it prints why to standard error and exits with
/// status 2.
@MainActor
public enum TerminalApp {
  /// Runs `content` in the terminal until the user quits; returns with the terminal restored.
  ///
  /// - Parameters:
  ///   - quit: The keys that quit besides Ctrl-C, when no control used them.
  ///   - showsHelpBar: Whether the last row lists the keys of the active screen.
  ///   - noColor: Whether colours are dropped; `nil` follows `NO_COLOR`.
  ///   - theme: The named styles widgets draw with; `nil` picks `Theme.dark` or
  ///     `Theme.light` for the terminal's background (`Theme.automatic(environment:)`).
  ///   - colorDepth: At most how many colours to use; `nil` uses all the terminal has (a depth
  ///     above the terminal's draws at the terminal's).
  ///   - mouse: Whether the app takes the mouse (clicks and the wheel); without it the terminal
  ///     keeps the mouse, for selecting text.
  ///   - statusLine: Where warnings show; pass your own to post to it from the app.
  ///   - reportIssue: Also told every issue reported while the app runs (to log it, say).
  ///   - recordKeys: Given each batch of keys before it is handled, with what is typed into a
  ///     secure field replaced by `•`, so a recording never holds a secret (see
  ///     ``TapeRecorder``).
  ///   - layers: The `ApplicationLayer`s laid over the app, outermost last, such as the
  ///     time-travel inspector of `ComposableTerminalUI`.
  ///   - onExit: Run in order on every way out, after the app's tasks are cancelled and before
  ///     the terminal is restored (to write what is waiting to be saved, say).
  ///   - configure: Called with the application before the first frame (to follow a setting,
  ///     for example).
  ///   - content: The root view.
  public static func run(
    quit: QuitPolicy = .q,
    showsHelpBar: Bool = true,
    noColor: Bool? = nil,
    theme: Theme? = nil,
    colorDepth: ColorDepth? = nil,
    mouse: Bool = true,
    statusLine: StatusLine = StatusLine(),
    reportIssue: (@Sendable (String) -> Void)? = nil,
    recordKeys: (@MainActor ([KeyEvent]) -> Void)? = nil,
    layers: [any ApplicationLayer] = [],
    onExit: [@MainActor () -> Void] = [],
    configure: @MainActor (Application) -> Void = { _ in },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) async {
    let session = TerminalSession.start(mouse: mouse)
    let reporters = IssueReporters.current
    IssueReporters.current = [StatusLineReporter(statusLine, also: reportIssue)]
    defer { IssueReporters.current = reporters }
    let app = application(
      backend: session.backend, quit: quit, showsHelpBar: showsHelpBar, noColor: noColor,
      theme: theme ?? .automatic(environment: ProcessInfo.processInfo.environment),
      colorDepth: colorDepth, statusLine: statusLine, layers: layers,
      onKey: { key in
        guard key == .ctrl("z") else { return false }
        session.suspend()
        return true
      },
      content: content)
    configure(app)
    app.renderIfNeeded()
    // Each read is handled on the input thread as a main-queue job, as soon as the main actor
    // is free: a key typed on a quiet screen wakes no other thread before it is drawn.
    let memory = ScreenMemory(size: session.backend.size)
    app.interruptCheck = { session.isInterruptWaiting }
    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
      var isOver = false
      session.handleInput { input in
        guard !isOver else { return }
        if let events = session.receive(input) {
          handle(events, in: app, from: session, recordKeys: recordKeys)
          if case .resized = input, !app.isFinished {
            memory.didResize(to: session.backend.size, in: app)
          }
          guard app.isFinished else { return }
        }
        isOver = true
        ended.resume()
      }
    }
    let interrupted = app.isInterrupted
    app.finish()
    for hook in onExit { hook() }
    session.end(interrupted: interrupted)
  }

  /// Handles one read's keys, drawn at once unless more input waits.
  private static func handle(
    _ events: [KeyEvent], in app: Application, from session: TerminalSession,
    recordKeys: (@MainActor ([KeyEvent]) -> Void)?
  ) {
    guard let recordKeys else {
      app.handleWithinFrameRate(events, moreInputWaiting: session.isInputWaiting)
      return
    }
    // One key at a time, so that each is recorded knowing whether it fills a secret.
    var recorded: [KeyEvent] = []
    for (index, event) in events.enumerated() where !app.isFinished {
      recorded.append(TapeRecorder.recordable(event, isSecret: app.isTypingSecret))
      app.handleWithinFrameRate(
        [event], moreInputWaiting: index < events.count - 1 || session.isInputWaiting)
    }
    recordKeys(recorded)
  }

  /// The application `run` drives, on any backend: `content` with the status line under it,
  /// the help bar, and the quit keys of `quit` (finishing it when no control used them), then
  /// `onKey` for the other keys nothing used. A headless harness makes the same app on a
  /// `HeadlessBackend` to replay what a terminal session would do. `colorDepth` caps the
  /// backend's depth; each of `layers` wraps the app (the first innermost) and is installed.
  ///
  /// For example:
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// let app = TerminalApp.application(backend: HeadlessBackend(width: 80, height: 24)) {
  ///   CounterView(store: store)
  /// }
  /// app.handle([.character("q")])  // app.isFinished
  /// ```
  public static func application(
    backend: any Backend,
    quit: QuitPolicy = .q,
    showsHelpBar: Bool = true,
    noColor: Bool? = nil,
    theme: Theme = .dark,
    colorDepth: ColorDepth? = nil,
    statusLine: StatusLine = StatusLine(),
    layers: [any ApplicationLayer] = [],
    onKey: @escaping @MainActor (KeyEvent) -> Bool = { _ in false },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) -> Application {
    // Weak: the app keeps its key handler, which must not keep the app.
    weak var application: Application?
    var globalKeys: [(key: String, label: String)] = []
    if !quit.keys.isEmpty {
      globalKeys.append((quit.keys.map(keyName).joined(separator: "/"), "quit"))
    }
    let app = Application(
      backend: backend, showsHelpBar: showsHelpBar, noColor: noColor, theme: theme,
      colorDepth: colorDepth.map { min($0, backend.colorDepth) },
      globalKeys: globalKeys,
      onKey: { key in
        guard quit.keys.contains(key) else { return onKey(key) }
        application?.finish()
        return true
      },
      content: {
        layers.reduce(Group { content().statusLine(statusLine) }) { $1.wrap($0) }
      })
    for layer in layers { layer.install(in: app) }
    application = app
    return app
  }
}

/// The keys that quit a ``TerminalApp`` besides Ctrl-C (which always does). They quit only when
/// nothing on the screen used them: a focused text field takes a typed `q` as text, and a
/// screen's own shortcut for the key wins.
///
/// For example, `TerminalApp.run(quit: .keys(.character("q"), .escape)) { … }`, or
/// `quit: .ctrlCOnly` for an app where every letter means something.
public struct QuitPolicy: Sendable {
  /// The keys that quit.
  public var keys: [KeyEvent]

  /// Quits on these keys.
  public static func keys(_ keys: KeyEvent...) -> QuitPolicy { QuitPolicy(keys: keys) }

  /// `q` when no control used it (the default).
  public static let q = QuitPolicy(keys: [.character("q")])

  /// Only Ctrl-C quits.
  public static let ctrlCOnly = QuitPolicy(keys: [])
}
