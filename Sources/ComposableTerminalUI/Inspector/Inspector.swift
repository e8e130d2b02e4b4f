import Foundation
import Observation

/// The time-travel inspector: a pane beside (or below) a terminal app that lists every action
/// its root store received, shows the state diff each caused, draws the app's screen as it was
/// after any of them, and exports the session as a key tape.
///
/// The runner lays it over an app: `TerminalApp.run(layers: [Inspector(store: store)])`. F12
/// opens the pane (the inspector then takes the keys), F12 again closes it.
///
/// While the inspector has the keys:
/// - ←/→ (or `[`/`]`, ↑/↓) step one entry back and forward; the app's screen shows the state
///   right after the selected entry, read-only: keys go to the inspector, no `.task` starts or
///   stops, effects still running go on into the live state;
/// - Home and End jump to the oldest entry kept and back to live;
/// - PgDn and PgUp scroll the selected entry's details (its diff and action);
/// - `e` exports the session (``export()``);
/// - Esc hands the keys back to the app, live, with the pane left open (F12 takes them again);
///   focus is where the user left it.
///
/// While the inspector has the keys the app is a preview (`Application.isPreviewing`):
/// its `.task`s neither start nor stop and its focus is kept.
///
/// The store records its history from the moment the inspector is made, in a ring of the last
/// `capacity` actions (1,000 by default), so F12 after something surprising shows what led to
/// it. `recordsFromLaunch: false` records nothing until the pane first opens (a recording send
/// costs up to twice a plain one: see the README's performance section). The keys of the
/// session are kept from the start either way, so an export replays from launch.
@MainActor
@Observable
public final class Inspector {
  /// Whether the pane shows.
  public private(set) var isOpen: Bool
  /// Whether the inspector takes the keys (the pane is open and the app is read-only).
  public private(set) var isFocused = false {
    // While the inspector has the keys, the app's screen is a preview: its focus is kept for
    // when the keys go back, and its tasks neither start nor stop.
    didSet { app?.isPreviewing = isFocused }
  }
  /// The entry selected, or `nil` to follow the newest (the live state): the entry the app's
  /// screen shows.
  public var selectedSequence: Int? {
    history?.access()
    return history?.travelledSequence
  }
  /// The last export's outcome, shown in the pane.
  public private(set) var message: String?
  /// How many lines of the selected entry's details are scrolled past (PgDn and PgUp).
  public private(set) var detailOffset = 0
  /// How many detail lines the pane showed last, the step of PgDn and PgUp.
  @ObservationIgnored var detailPage = 10

  /// The history once recording started.
  @ObservationIgnored public private(set) var history: (any ActionHistory)?
  /// The keys the app got, as a tape.
  @ObservationIgnored public private(set) var keyLog = KeyLog()
  /// Where ``export()`` writes.
  @ObservationIgnored public let exportDirectory: URL
  /// A comment for the top of exported tapes: how to replay them.
  @ObservationIgnored public let replayHint: String?

  /// Starts the store's history; `nil` once the store is gone.
  @ObservationIgnored private let startRecording: @MainActor () -> (any ActionHistory)?
  /// Writes the history as a test, named by the options it is given; `nil` when the store
  /// records nothing.
  @ObservationIgnored private let writeTest:
    @MainActor (any ActionHistory, TestExportOptions) -> ExportedTest?
  @ObservationIgnored private let elapsed: @Sendable () -> Duration
  @ObservationIgnored weak var app: Application?
  @ObservationIgnored private var entryCache: [Int: ActionHistoryEntry] = [:]
  @ObservationIgnored private var diffCache: (sequence: Int, lines: [String])?

  /// Creates an inspector for a root store.
  ///
  /// - Parameters:
  ///   - store: The app's root store.
  ///   - capacity: At most how many entries the history keeps: the last `capacity` actions.
  ///   - recordsFromLaunch: Whether the store records from now (the default), so that the
  ///     pane, opened later, lists what led to the screen; `false` starts recording when the
  ///     pane first opens.
  ///   - isOpen: Whether the pane shows (and the store records) from the start, with the keys
  ///     left to the app.
  ///   - exportDirectory: Where exports are written; the current directory unless told.
  ///   - replayHint: A line for the top of exported tapes, such as the command that replays
  ///     them.
  ///   - elapsed: The time since the start, for entries and the tape's `advance` steps; a
  ///     continuous clock unless told (a replay on a test clock passes the test clock's).
  ///   - test: Writes the history as a test when the session is exported, given the suite's
  ///     name; by default the whole store's (`StoreHistory.exportTest(_:state:action:)`).
  ///     An app passes the dependencies its session ran with, or narrows the test to a feature.
  public init<State, Action>(
    store: Store<State, Action>,
    capacity: Int = 1_000,
    recordsFromLaunch: Bool = true,
    isOpen: Bool = false,
    exportDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    replayHint: String? = nil,
    elapsed: (@Sendable () -> Duration)? = nil,
    test: @escaping @MainActor (StoreHistory<State, Action>, TestExportOptions) -> ExportedTest = {
      $0.exportTest($1)
    }
  ) {
    let start = ContinuousClock.now
    let elapsed = elapsed ?? { .now - start }
    self.elapsed = elapsed
    self.exportDirectory = exportDirectory
    self.replayHint = replayHint
    self.startRecording = { [weak store] in
      store?.recordHistory(capacity: capacity, elapsed: elapsed)
    }
    self.writeTest = { history, options in
      (history as? StoreHistory<State, Action>).map { test($0, options) }
    }
    if isOpen || recordsFromLaunch { history = startRecording() }
    self.isOpen = isOpen
  }

  /// Lays the inspector over an application: it sees every key first, and a travelled screen
  /// is drawn with the shared values of its time. The runner calls it; call it yourself for an
  /// application you make, after laying the pane over its content with
  /// ``TerminalUICore/View/inspector(_:)``.
  public func install(in app: Application) {
    self.app = app
    app.keyInterceptors.append(self)
    app.toolKeys.append(("F12", "inspect"))
    app.frameScope = { [weak self] layOut in
      guard let history = self?.history else { return layOut() }
      history.withTravelledSharedValues(layOut)
    }
  }

  // MARK: - Opening, closing, travelling

  /// Opens the pane and takes the keys; the store starts recording if it was not.
  public func open() {
    if history == nil { history = startRecording() }
    isOpen = true
    isFocused = true
    select(nil)
  }

  /// Returns to the live state and closes the pane; the keys go back to the app.
  public func close() {
    returnToLive()
    isOpen = false
  }

  /// Returns to the live state with the pane left open; the keys go back to the app.
  public func returnToLive() {
    select(nil)
    isFocused = false
  }

  /// Selects an entry (`nil`: the newest, live): the app's screen shows the state after it.
  public func select(_ sequence: Int?) {
    guard let history else { return }
    let target = sequence.map { min(max($0, history.firstSequence), history.lastSequence) }
    history.travel(to: target)
    detailOffset = 0
  }

  /// Steps `offset` entries from the selected one (or from the newest).
  public func step(by offset: Int) {
    guard let history else { return }
    select((selectedSequence ?? history.lastSequence) + offset)
  }

  /// Scrolls the selected entry's details, within them.
  public func scrollDetails(by lines: Int) {
    guard let shown = shownSequence else { return }
    let count = detailLines(shown).count
    detailOffset = max(0, min(detailOffset + lines, count - 1))
  }

  /// The sequence the pane shows details of: the selected entry, or the newest.
  public var shownSequence: Int? {
    guard let history else { return nil }
    history.access()
    return selectedSequence ?? history.lastSequence
  }

  // MARK: - What the pane shows

  /// The entry with this sequence, remembered once made (summaries dump the action).
  func entry(_ sequence: Int) -> ActionHistoryEntry? {
    if let cached = entryCache[sequence] { return cached }
    guard let entry = history?.entry(sequence) else { return nil }
    if entryCache.count > 1_024 { entryCache.removeAll(keepingCapacity: true) }
    entryCache[sequence] = entry
    return entry
  }

  /// What the pane shows under the list for the entry: where it came from, the action, and the
  /// diff it caused.
  func detailLines(_ sequence: Int) -> [String] {
    if let diffCache, diffCache.sequence == sequence { return diffCache.lines }
    guard let history, let entry = entry(sequence) else { return [] }
    var lines = ["from: " + Self.describe(entry.origin)]
    if sequence == history.firstSequence {
      lines.append(
        sequence == 0
          ? "(the state recording started from)" : "(the state before is no longer kept)")
    } else if let diff = history.diff(sequence) {
      lines += diff.components(separatedBy: "\n")
    } else {
      lines.append("(No changes to show: none, or only in redacted fields)")
    }
    if let action = history.actionDump(sequence) {
      lines.append("action:")
      lines += action.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
    diffCache = (sequence, lines)
    return lines
  }

  static func describe(_ origin: ActionOrigin) -> String {
    switch origin {
    case .start: return "the start of the recording"
    case .send(let cause?): return cause
    case .send(nil): return "a send from outside the store"
    case .effect(let startedBy?): return "an effect of \(InspectorPane.compact(startedBy))"
    case .effect(nil): return "an effect"
    case .sharedChange(let name): return "\(name), changed outside the store"
    }
  }

  /// The short tag of an origin in the list: the key, `effect`, `shared` or `start`.
  static func tag(_ origin: ActionOrigin) -> String {
    switch origin {
    case .start: return "start"
    case .send(let cause?):
      if cause.hasPrefix("key ") { return String(cause.dropFirst(4)) }
      if cause.hasPrefix("type ") { return String(cause.dropFirst(5)) }
      return cause
    case .send(nil): return "send"
    case .effect: return "effect"
    case .sharedChange: return "shared"
    }
  }

  // MARK: - Exporting

  /// Writes the session: its keys as a tape, `session-N.tape` in ``exportDirectory`` (the
  /// first free N), which replays to the same screen (the time between keys and since the last
  /// one are `advance` steps, what was typed into secure fields is `•`); and the actions
  /// recorded as a Swift Testing file, `SessionNTests.swift`, with a `TestStore` test that
  /// sends and receives them and asserts every state they changed. Returns the tape's path.
  @discardableResult
  public func export() -> String? {
    let fileManager = FileManager.default
    var number = 0
    var tapeURL: URL
    var testURL: URL
    repeat {
      number += 1
      tapeURL = exportDirectory.appendingPathComponent("session-\(number).tape")
      testURL = exportDirectory.appendingPathComponent("Session\(number)Tests.swift")
    } while fileManager.fileExists(atPath: tapeURL.path)
      || fileManager.fileExists(atPath: testURL.path)
    var text = "# exported by the inspector: \(keyCount) keys"
    if let history { text += ", \(history.lastSequence) actions recorded" }
    text += "\n"
    if let replayHint { text += "# \(terminalSafe(replayHint, multiline: false))\n" }
    text += keyLog.tape(endingAt: elapsed()).text
    let test = history.flatMap {
      writeTest($0, TestExportOptions(suiteName: "Session\(number)Tests"))
    }
    do {
      try fileManager.createDirectory(at: exportDirectory, withIntermediateDirectories: true)
      // Readable by their owner only, as the app's own state files are.
      try writeOwnerOnly(Data(text.utf8), to: tapeURL)
      if let test, !test.source.isEmpty {
        try writeOwnerOnly(Data(test.source.utf8), to: testURL)
        message = "wrote \(tapeURL.lastPathComponent) and \(testURL.lastPathComponent)"
      } else {
        message = "wrote \(tapeURL.lastPathComponent)"
      }
      return tapeURL.path
    } catch {
      message = "could not write \(tapeURL.deletingLastPathComponent().path)"
      return nil
    }
  }

  /// Writes a new file that only its owner can read (mode 0600).
  private func writeOwnerOnly(_ data: Data, to url: URL) throws {
    guard
      FileManager.default.createFile(
        atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown) }
  }

  private var keyCount: Int {
    keyLog.steps.reduce(0) { count, step in
      if case .keys(let keys) = step { return count + keys.count }
      return count
    }
  }
}

extension Inspector: ApplicationLayer {
  /// The app with the inspector's pane laid over it (``TerminalUICore/View/inspector(_:)``).
  public func wrap(_ content: Group) -> Group {
    Group { content.inspector(self) }
  }
}

extension Inspector: KeyInterceptor {
  /// What the inspector's keys do while it has them: its pane and the app's help bar list these.
  static let keyCommands = [
    KeyCommand("step", keys: [.left, .right], shownAs: "←/→"),
    KeyCommand("", keys: [.home, .end]),
    KeyCommand("details", keys: [.pageUp, .pageDown]),
    KeyCommand("export", keys: [.character("e")]),
    KeyCommand("app", keys: [.escape]),
    KeyCommand("close", keys: [.function(12)], shownAs: "F12"),
  ]

  /// While the pane has the keys, its commands are all the help bar lists (with Ctrl-C): the
  /// screen's keys do not reach the screen.
  public func commands(in app: Application) -> [KeyCommand]? {
    isOpen && isFocused ? Self.keyCommands : nil
  }

  public func intercept(_ key: KeyEvent, in app: Application) -> Bool {
    self.app = app
    if key == .function(12) {
      if !isOpen || !isFocused {
        if isOpen, history != nil {
          isFocused = true
        } else {
          open()
        }
      } else {
        close()
      }
      return true
    }
    guard isOpen, isFocused else {
      // What is typed into a secure field is kept, and named, as `•`.
      let recorded = KeyLog.recordable(key, isSecret: app.isTypingSecret)
      keyLog.append([recorded], at: elapsed())
      history?.cause = cause(of: recorded)
      return false
    }
    if case .resize = key {
      keyLog.append([key], at: elapsed())
      return false
    }
    switch key {
    case .left, .up, .character("["): step(by: -1)
    case .right, .down, .character("]"): step(by: 1)
    case .home: select(history?.firstSequence)
    case .pageDown: scrollDetails(by: max(1, detailPage - 1))
    case .pageUp: scrollDetails(by: -max(1, detailPage - 1))
    case .end: select(nil)
    case .character("e"): export()
    case .escape: returnToLive()
    default: break
    }
    return true
  }

  public func didRoute(_ key: KeyEvent, in app: Application) {
    history?.cause = nil
  }

  /// What an action sent while routing the key came from: `key enter`, `type "a"`.
  private func cause(of key: KeyEvent) -> String {
    switch key {
    case .character(let character) where character != " ":
      return "type " + KeyTape.quoted(String(character))
    case .mouse(let event): return event.isClick ? "click" : "mouse"
    case .paste: return "paste"
    default: return "key " + keyName(key)
    }
  }
}
