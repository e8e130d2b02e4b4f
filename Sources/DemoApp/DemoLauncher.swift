import ComposableArchitecture
import Foundation
import Logging
import TerminalUI

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
    let warnings = WarningCenter()
    IssueReporters.current = [WarningReporter(center: warnings, logger: logger)]
    if let tapePath = configuration.replayTape {
      do {
        let screen = try await replay(tapePath: tapePath, configuration, logger: logger, warnings: warnings)
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
      recorder = try configuration.recordTape.map { path throws(DemoError) in try TapeRecorder(path: path) }
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
    await runInTerminal(recorder: recorder, noColor: configuration.noColor) {
      AppView(store: store, warnings: warnings)
    }
    return 0
  }

  /// Plays a tape headlessly at the configured size, on a test clock and in-memory state (a
  /// replay never reads or writes the state folder), and returns the last screen's text.
  public static func replay(
    tapePath: String, _ configuration: DemoConfiguration, logger: Logger = Logger(
      label: "composable-demo", factory: { _ in SwiftLogNoOpLogHandler() }),
    warnings: WarningCenter = WarningCenter()
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
    let clock = TestClock()
    let store = try withDependencies {
      $0.stateDirectory = configuration.stateDirectory
      $0.continuousClock = clock
      $0.defaultFileStorage = .inMemory()
      $0.defaultInMemoryStorage = InMemoryStorage()
      $0.date = .constant(Date(timeIntervalSince1970: 1_800_000_000))
      $0.uuid = .incrementing
    } operation: { () throws(DemoError) in
      try makeStore(configuration, logger: logger)
    }
    let backend = HeadlessBackend(width: configuration.size.width, height: configuration.size.height)
    var application: Application?
    let app = Application(
      backend: backend, showsHelpBar: true, noColor: configuration.noColor,
      globalKeys: [("q", "quit")],
      onKey: { key in
        guard key == .character("q") else { return false }
        application?.finish()
        return true
      }
    ) {
      AppView(store: store, warnings: warnings)
    }
    application = app
    await play(tape, in: app, backend: backend) { await clock.advance(by: $0) }
    return backend.buffer.lines.map { line in
      String(line.reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n")
  }

  static func makeStore(_ configuration: DemoConfiguration, logger: Logger) throws(DemoError)
    -> StoreOf<AppFeature>
  {
    let state =
      try configuration.study.map { study throws(DemoError) in
        try AppFeature.State(open: study, deepLink: configuration.deepLink)
      } ?? AppFeature.State()
    let printer: _ReducerPrinter<AppFeature.State, AppFeature.Action>? =
      configuration.logFile == nil ? nil : .customDump { logger.info("\($0)") }
    return Store(initialState: state) {
      AppFeature()._printChanges(printer)
    }
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
