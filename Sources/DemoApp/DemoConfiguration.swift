import DemoSupport
import Foundation
import TerminalUI

/// What the command line asked for, checked: the study to open, its deep link, where state and
/// the log go, a tape to replay or record, the replay size and whether to use colour.
public struct DemoConfiguration: Equatable, Sendable {
  /// The study to open over the menu.
  public var study: Study?
  /// The deep link for that study (for example `42,1729,-999` or `edit:Keyboard`).
  public var deepLink: String?
  /// The folder the app keeps its state in.
  public var stateDirectory: URL
  /// Where actions and state diffs are logged, if anywhere.
  public var logFile: String?
  /// A tape to replay headlessly instead of opening the terminal.
  public var replayTape: String?
  /// Where to record the keys of a terminal session.
  public var recordTape: String?
  /// The screen size of a replay.
  public var size: Size
  /// Whether colours are dropped (`--no-color` or `NO_COLOR`).
  public var noColor: Bool
  /// Whether the app takes the mouse (not with `--no-mouse`).
  public var mouse: Bool
  /// The theme asked for (`--theme dark` or `light`); nil picks one for the terminal's
  /// background (`--theme auto`, the default; a replay draws in the dark theme).
  public var theme: Theme?
  /// At most how many colours to draw with (`--colors none`, `8`, `16`, `256` or `truecolor`);
  /// nil uses all the terminal has (`--colors auto`, the default).
  public var colorDepth: ColorDepth?
  /// Whether the inspector's pane shows from the start (`--inspect`); otherwise F12 opens it.
  public var inspect: Bool
  /// Whether the store records the inspector's history from launch (the last 1,000 actions),
  /// so F12 shows what led to the screen; `--no-history` records only once F12 opens it.
  public var recordsHistoryFromLaunch: Bool
  /// Where the inspector writes exported sessions: the current directory unless told.
  public var exportDirectory: URL

  /// Checks the raw options; throws a message for the user when one is wrong.
  public init(
    open: String?, deepLink: String?, stateDirectory: String?, logFile: String?,
    replay: String?, record: String?, size: String?, noColor: Bool, mouse: Bool = true,
    theme: String? = nil, colors: String? = nil, inspect: Bool = false,
    recordsHistoryFromLaunch: Bool = true, environment: [String: String]
  ) throws(DemoError) {
    study = try open.map { name throws(DemoError) in try Study.named(name) }
    if deepLink != nil, study == nil {
      throw DemoError("--deep-link needs --open to say which study it is for")
    }
    self.deepLink = deepLink
    if let stateDirectory {
      guard !stateDirectory.isEmpty else { throw DemoError("--state-dir must not be empty") }
      self.stateDirectory =
        URL(
          fileURLWithPath: stateDirectory, isDirectory: true,
          relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).standardizedFileURL
    } else {
      self.stateDirectory = defaultStateDirectory(environment: environment)
    }
    self.logFile = logFile
    if replay != nil, record != nil {
      throw DemoError("--replay and --record cannot be used together")
    }
    replayTape = replay
    recordTape = record
    if let size {
      guard replay != nil else { throw DemoError("--size only applies to --replay") }
      self.size = try Self.parseSize(size)
    } else {
      self.size = Size(width: 80, height: 24)
    }
    self.noColor = noColor || noColorRequested(in: environment)
    self.mouse = mouse
    self.theme = try theme.flatMap { name throws(DemoError) in try Self.parseTheme(name) }
    colorDepth = try colors.flatMap { name throws(DemoError) in try Self.parseColors(name) }
    self.inspect = inspect
    self.recordsHistoryFromLaunch = recordsHistoryFromLaunch
    exportDirectory = URL(
      fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
  }

  /// The command that replays a tape recorded with this configuration, for the top of the
  /// tapes the inspector exports.
  public var replayCommand: String {
    var command = "composable-demo"
    if let study { command += " --open \(study.rawValue)" }
    if let deepLink { command += " --deep-link \(deepLink)" }
    return command + " --replay FILE"
  }

  /// Reads a theme name: `dark`, `light`, or `auto` (nil).
  public static func parseTheme(_ name: String) throws(DemoError) -> Theme? {
    if name.lowercased() == "auto" { return nil }
    guard let theme = Theme.named(name) else {
      throw DemoError("--theme takes dark, light or auto (got \"\(name)\")")
    }
    return theme
  }

  /// Reads a colour depth: `none`, `8`, `16`, `256`, `truecolor` (or `24bit`), or `auto`
  /// (nil).
  public static func parseColors(_ name: String) throws(DemoError) -> ColorDepth? {
    if name.lowercased() == "auto" { return nil }
    guard let depth = ColorDepth(name: name) else {
      throw DemoError("--colors takes none, 8, 16, 256, truecolor or auto (got \"\(name)\")")
    }
    return depth
  }

  /// Reads `WxH`, for example `80x24`; both between 1 and 1000.
  public static func parseSize(_ text: String) throws(DemoError) -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...1000).contains(width), (1...1000).contains(height)
    else {
      throw DemoError("--size takes WIDTHxHEIGHT, each 1 to 1000, like 80x24 (got \"\(text)\")")
    }
    return Size(width: width, height: height)
  }
}
