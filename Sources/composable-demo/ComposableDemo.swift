import ArgumentParser
import DemoApp
import Foundation

/// `composable-demo`: the case studies of the Composable Architecture in the terminal.
@main
struct ComposableDemo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "composable-demo",
    abstract: "Case studies of the Composable Architecture, in the terminal.",
    discussion: """
      Studies: \(Study.allCases.map(\.rawValue).joined(separator: ", ")).
      Keys: arrows and enter choose, tab moves focus, esc goes back or dismisses, ? lists every \
      key, q (when not typing) or ctrl-c quits.
      """)

  @Option(help: "Open this study over the menu.")
  var open: String?

  @Option(
    help:
      "Start the opened study deep-linked (counter-stack: 42,1729,-999; inventory: edit:NAME or add)."
  )
  var deepLink: String?

  @Option(
    help:
      "Where state is kept (default: $XDG_STATE_HOME/composable-demo, else ~/.local/state/composable-demo)."
  )
  var stateDir: String?

  @Option(help: "Log actions and state changes to this file (passwords are redacted).")
  var log: String?

  @Option(help: "Replay this key tape headlessly and print the final screen.")
  var replay: String?

  @Option(help: "Record the keys of this session to a tape.")
  var record: String?

  @Option(help: "The screen size of a replay, WIDTHxHEIGHT (default 80x24).")
  var size: String?

  @Flag(help: "Draw without colour (also when NO_COLOR is set).")
  var noColor = false

  @Flag(help: "Leave the mouse to the terminal (for selecting text): no clicks or wheel.")
  var noMouse = false

  @Option(help: "The theme: dark, light, or auto (from COLORFGBG; dark when unknown).")
  var theme: String?

  @Option(
    help: "At most this many colours: none, 8, 16, 256, truecolor, or auto (all the terminal has).")
  var colors: String?

  @Flag(
    help:
      "Open the time-travel inspector beside the app from the start (F12 opens and closes it anyway)."
  )
  var inspect = false

  @Flag(
    help:
      "Record the inspector's history only once F12 opens it (by default the last 1,000 actions are kept from launch)."
  )
  var noHistory = false

  func run() async throws {
    let configuration: DemoConfiguration
    do {
      configuration = try DemoConfiguration(
        open: open, deepLink: deepLink, stateDirectory: stateDir, logFile: log, replay: replay,
        record: record, size: size, noColor: noColor, mouse: !noMouse, theme: theme,
        colors: colors, inspect: inspect, recordsHistoryFromLaunch: !noHistory,
        environment: ProcessInfo.processInfo.environment)
    } catch {
      throw ValidationError(error.description)
    }
    let status = await DemoLauncher.run(configuration)
    if status != 0 { throw ExitCode(status) }
  }
}
