import ComposableArchitecture
import ComposableTerminalUI
import Counter
import Foundation
import Logging
import SettingsStudy
import TerminalUI
import TerminalUINCurses

/// Starts the demo as the command line asked: in the terminal, or headless replaying a tape.
///
/// For example, `composable-demo --open shared-state` calls
/// `await DemoLauncher.run(configuration)` with the study to open.
@MainActor
public enum DemoLauncher {
  /// Runs the app; returns the process's exit status.
  public static func run(_ configuration: DemoConfiguration) async -> Int32 {
    let logger: Logger
    do {
      logger = try makeLogger(configuration.logFile)
    } catch {
      printError("\(error)")
      return 1
    }
    let statusLine = StatusLine()
    IssueReporters.current = [
      StatusLineReporter(statusLine, also: { logger.warning("\($0)") })
    ]
    if let tapePath = configuration.replayTape {
      do {
        let screen = try await replay(
          tapePath: tapePath, configuration, logger: logger, statusLine: statusLine)
        print(screen)
        return 0
      } catch {
        printError("\(error)")
        return 1
      }
    }
    let recorder: TapeRecorder?
    let store: StoreOf<AppFeature>
    do {
      recorder = try configuration.recordTape.map { path throws(DemoError) in
        do throws(TapeRecorder.Failure) {
          return try TapeRecorder(path: path, recordedBy: "composable-demo")
        } catch {
          throw DemoError(error.description)
        }
      }
      store = try withDependencies {
        $0.stateDirectory = configuration.stateDirectory
      } operation: { () throws(DemoError) in
        try makeStore(configuration, logger: logger)
      }
    } catch {
      printError("\(error)")
      return 1
    }
    logger.info("composable-demo started; state in \(configuration.stateDirectory.path)")
    let settingsClient = withDependencies {
      $0.stateDirectory = configuration.stateDirectory
    } operation: {
      SettingsClient.file(in: configuration.stateDirectory)
    }
    var observation: Task<Void, Never>?
    var recordKeys: (@MainActor ([KeyEvent]) -> Void)?
    if let recorder {
      recordKeys = { keys in recorder.record(keys) }
    }
    let inspector = Inspector(
      store: store, recordsFromLaunch: configuration.recordsHistoryFromLaunch,
      isOpen: configuration.inspect, exportDirectory: configuration.exportDirectory,
      replayHint: configuration.replayCommand,
      test: { $0.exportStudyTest($1) })
    await TerminalApp.run(
      noColor: configuration.noColor, theme: configuration.theme,
      colorDepth: configuration.colorDepth,
      mouse: configuration.mouse, statusLine: statusLine,
      reportIssue: { logger.warning("\($0)") }, recordKeys: recordKeys,
      layers: [inspector],
      configure: { app in
        observation = followDisplaySettings(
          settingsClient, in: app, noColorRequested: configuration.noColor)
      }
    ) {
      AppView(store: store)
    }
    observation?.cancel()
    return 0
  }

  /// Plays a tape headlessly at the configured size, on a test clock and in-memory state (a
  /// replay never reads or writes the state folder), and returns the last screen's text.
  public static func replay(
    tapePath: String, _ configuration: DemoConfiguration,
    logger: Logger = Logger(
      label: "composable-demo", factory: { _ in SwiftLogNoOpLogHandler() }),
    statusLine: StatusLine = StatusLine()
  ) async throws -> String {
    guard let data = FileManager.default.contents(atPath: tapePath),
      let text = String(data: data, encoding: .utf8)
    else { throw DemoError("cannot read the tape \(tapePath)") }
    let tape: KeyTape
    do {
      tape = try KeyTape(parsing: text)
    } catch {
      throw DemoError("\(tapePath): \(error)")
    }
    let headless = try HeadlessDemo(configuration, logger: logger, statusLine: statusLine)
    await headless.play(tape)
    return headless.backend.buffer.lines.map { line in
      String(line.reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n")
  }

  /// The root store for `configuration`; `settling` runs effects so a replay can wait for them.
  static func makeStore(
    _ configuration: DemoConfiguration, logger: Logger, settling: Bool = false
  ) throws(DemoError) -> StoreOf<AppFeature> {
    let state =
      try configuration.study.map { study throws(DemoError) in
        try AppFeature.State(open: study, deepLink: configuration.deepLink)
      } ?? AppFeature.State()
    let printer: _ReducerPrinter<AppFeature.State, AppFeature.Action>? =
      configuration.logFile == nil ? nil : .customDump { logger.info("\($0)") }
    guard settling else {
      return Store(initialState: state) { AppFeature()._printChanges(printer) }
    }
    return Store.settling(initialState: state) { AppFeature()._printChanges(printer) }
  }

  static func makeLogger(_ path: String?) throws -> Logger {
    guard let path else {
      return Logger(label: "composable-demo", factory: { _ in SwiftLogNoOpLogHandler() })
    }
    let handler = try FileLogHandler(path: path)
    return Logger(label: "composable-demo", factory: { _ in handler })
  }
}

/// Writes a message to standard error, prefixed with the program's name.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("composable-demo: \(message)\n".utf8))
}

/// The demo as `--replay` runs it: the app on a headless backend of the configured size, on a
/// test clock and in-memory storage (nothing read from or written to the state folder), with a
/// constant date, incrementing UUIDs and stack ids from 0, and the nth-prime search run inline,
/// so a tape always ends on the same screen.
///
/// For example, a test replays a study's tape with snapshots:
///
/// <!-- context: core-tape -->
/// ```swift
/// let demo = try HeadlessDemo(
///   DemoConfiguration(
///     open: "counter-stack", deepLink: nil, stateDirectory: NSTemporaryDirectory(),
///     logFile: nil, replay: "tape", record: nil, size: "80x24", noColor: false,
///     environment: [:]))
/// await replay(
///   tape, in: demo.app, backend: demo.backend, settle: demo.store.settle,
///   advance: demo.advance)
/// ```
@MainActor
public final class HeadlessDemo {
  /// The running app; `q` finishes it.
  public let app: Application
  /// The screen it draws to.
  public let backend: HeadlessBackend
  /// The clock every effect sleeps on; tapes move it with `advance`.
  public let clock: TestClock<Duration>
  /// The root store.
  public let store: StoreOf<AppFeature>
  /// The app following the display settings (help bar, colour); cancelled when the demo goes.
  public let observation: Task<Void, Never>
  /// The status line under the app, where warnings show.
  public let statusLine: StatusLine
  /// The time-travel inspector over the app (F12), its times on the test clock.
  public let inspector: Inspector

  /// Moves the clock as a tape's `advance` step does: in tenths of a second (every interval
  /// the studies wait is a multiple of that), letting the effects each step wakes run before
  /// the next.
  public func advance(by duration: Duration) async {
    await clock.advance(by: duration, settling: store, step: .milliseconds(100))
  }

  /// Plays a tape as `--replay` does: its keys into the app, its `advance` steps on the clock,
  /// the store settled after each step.
  ///
  /// For example, `await demo.play(try KeyTape(parsing: "key enter\ntype \"Blob\""))`.
  public func play(_ tape: KeyTape) async {
    await TerminalUI.play(tape, in: app, backend: backend, advance: advance, settle: store.settle)
  }

  /// Builds the app for `configuration` (its study, deep link, size and colour); state files
  /// live in `fileStorage`, in memory unless a test asks for real files.
  public init(
    _ configuration: DemoConfiguration,
    logger: Logger = Logger(label: "composable-demo", factory: { _ in SwiftLogNoOpLogHandler() }),
    statusLine: StatusLine = StatusLine(),
    fileStorage: FileStorage = .inMemory()
  ) throws(DemoError) {
    let clock = TestClock()
    let settingsClient = SettingsClient.inMemory()
    let store = try withDependencies {
      $0.context = .live
      $0.settingsClient = settingsClient
      $0.nthPrime = .immediate
      $0.stateDirectory = configuration.stateDirectory
      $0.continuousClock = clock
      $0.defaultFileStorage = fileStorage
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
      $0.uuid = .incrementing
      $0.stackElementID = .incrementing()
    } operation: {
      Result { () throws(DemoError) in
        try DemoLauncher.makeStore(configuration, logger: logger, settling: true)
      }
    }.get()
    let backend = HeadlessBackend(
      width: configuration.size.width, height: configuration.size.height)
    let start = clock.now
    let inspector = Inspector(
      store: store, recordsFromLaunch: configuration.recordsHistoryFromLaunch,
      isOpen: configuration.inspect, exportDirectory: configuration.exportDirectory,
      replayHint: configuration.replayCommand,
      elapsed: { start.duration(to: clock.now) },
      test: { $0.exportStudyTest($1) })
    let app = TerminalApp.application(
      backend: backend, noColor: configuration.noColor, theme: configuration.theme ?? .dark,
      colorDepth: configuration.colorDepth, statusLine: statusLine, layers: [inspector]
    ) {
      AppView(store: store)
    }
    observation = followDisplaySettings(
      settingsClient, in: app, noColorRequested: configuration.noColor)
    app.renderIfNeeded()
    self.app = app
    self.backend = backend
    self.clock = clock
    self.store = store
    self.statusLine = statusLine
    self.inspector = inspector
  }

  deinit {
    observation.cancel()
  }
}

/// Applies the display settings to the app as they change: the help bar, colour (always off
/// when `--no-color` or `NO_COLOR` asked for none), and the accent of the theme the app had
/// when this was called.
///
/// For example, the terminal runner follows the settings file of the state folder:
///
/// <!-- context: core-demo-app -->
/// ```swift
/// let task = followDisplaySettings(.file(in: directory), in: app, noColorRequested: false)
/// ```
@MainActor
public func followDisplaySettings(
  _ client: SettingsClient, in app: Application, noColorRequested: Bool
) -> Task<Void, Never> {
  let theme = app.theme
  func apply(_ settings: DisplaySettings, to app: Application) {
    app.showsHelpBar = settings.showsHelpBar
    app.noColor = noColorRequested || !settings.colorEnabled
    app.theme = settings.theme.accent.map(theme.withAccent) ?? theme
  }
  apply(client.get(), to: app)
  let settings = client.observe()
  // The app is not kept alive by following it: an app that is gone ends the task.
  return Task { @MainActor [weak app] in
    for await value in settings {
      guard let app else { return }
      apply(value, to: app)
    }
  }
}
