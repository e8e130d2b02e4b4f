import ComposableArchitecture
import DemoApp
import Foundation
import SettingsStudy
import SharedStateStudy
import TerminalUI
import TerminalUINCurses
import TestFolders
import Testing

/// The shared-state study on real files in a temporary state folder, with faults injected
/// through the storage dependency or made on disk: nothing already saved is lost, the user sees
/// a warning on the status line, and the app keeps running.
@MainActor
final class FaultyDemo {
  let directory: URL
  let clock = TestClock()
  let warnings = StatusLine()
  /// When set, every save fails with this error, as a full disk or a read-only folder would.
  let failure = LockIsolated<POSIXErrorCode?>(nil)
  let backend = HeadlessBackend(width: 80, height: 24)
  var store: StoreOf<AppFeature>!
  var app: Application!

  init(directory: URL? = nil) throws {
    self.directory =
      directory
      ?? makeTemporaryFolder("faults").appendingPathComponent("state", isDirectory: true)
  }

  /// Starts the app on the shared-state study; call inside `withIssueReporters(reporters)`.
  func start() throws {
    var storage = FileStorage.fileSystem(clock: clock)
    let save = storage.save
    let failure = failure
    storage.save = { data, url in
      if let code = failure.value { throw POSIXError(code) }
      try save(data, url)
    }
    let directory = directory
    let clock = clock
    let state = try withDependencies {
      $0.defaultFileStorage = storage
      $0.stateDirectory = directory
      $0.settingsClient = .inMemory()
    } operation: {
      try AppFeature.State(open: Study(SharedStateStudy.self))
    }
    store = withDependencies {
      $0.context = .live
      $0.defaultFileStorage = storage
      $0.stateDirectory = directory
      $0.continuousClock = clock
      $0.settingsClient = .inMemory()
    } operation: {
      Store.settling(initialState: state) { AppFeature() }
    }
    let store = store!
    let warnings = warnings
    app = Application(backend: backend, showsHelpBar: true) {
      AppView(store: store).statusLine(warnings)
    }
    app.renderIfNeeded()
  }

  var reporters: [any IssueReporter] {
    [StatusLineReporter(warnings)]
  }

  func press(_ keys: String) async {
    app.handle(keys.map { .character($0) })
    await store.settle()
    app.renderIfNeeded()
  }

  func advance(_ duration: Duration) async {
    await clock.advance(by: duration, settling: store, step: .milliseconds(100))
    app.renderIfNeeded()
  }

  var screen: String { backend.buffer.lines.joined(separator: "\n") }

  var statsFile: URL { directory.appendingPathComponent("stats.json") }

  func savedStats() throws -> Stats {
    try JSONDecoder().decode(Stats.self, from: Data(contentsOf: statsFile))
  }

  /// Waits (in real time, up to two seconds) until the screen shows `text`.
  func waitForScreen(containing text: String) async -> Bool {
    for _ in 0..<200 {
      app.renderIfNeeded()
      if screen.contains(text) { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return false
  }
}

@MainActor
struct PersistenceFaultTests {
  @Test(arguments: [POSIXErrorCode.ENOSPC, .EACCES, .EROFS])
  func aFailingWriteWarnsKeepsWhatWasSavedAndTheAppRecovers(code: POSIXErrorCode) async throws {
    let demo = try FaultyDemo()
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      await demo.press("+")
      #expect(try demo.savedStats().count == 1)
      demo.failure.setValue(code)
      await demo.press("++")
      await demo.advance(.seconds(1))
      #expect(await demo.waitForScreen(containing: "⚠ Could not save"), "the user sees a warning")
      #expect(demo.warnings.latest?.contains(String(cString: strerror(code.rawValue))) == true)
      #expect(try demo.savedStats().count == 1, "what was saved is still there")
      await demo.press("+")
      #expect(demo.screen.contains("Count: 4"), "the app keeps running")
      demo.failure.setValue(nil)
      await demo.advance(.seconds(1))
      await demo.press("+")
      await demo.advance(.seconds(1))
      #expect(try demo.savedStats().count == 5, "writes resume once the disk takes them")
    }
  }

  @Test func aStateFileDeletedWhileRunningIsWrittenAgain() async throws {
    let demo = try FaultyDemo()
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      await demo.press("+")
      try FileManager.default.removeItem(at: demo.statsFile)
      await demo.advance(.seconds(1))
      await demo.press("+")
      await demo.advance(.seconds(1))
      #expect(try demo.savedStats().count == 2)
      #expect(demo.warnings.messages.isEmpty)
    }
  }

  @Test func aStateFileReplacedByAnotherProgramFlowsIntoTheScreen() async throws {
    let demo = try FaultyDemo()
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      await demo.press("+")
      let written = #"{"count": 41, "maxCount": 41, "minCount": 0, "numberOfCounts": 41}"#
      try replaceFile(at: demo.statsFile, with: Data(written.utf8))
      #expect(await demo.waitForScreen(containing: "Count: 41"))
      await demo.advance(.seconds(1))
      await demo.press("+")
      await demo.advance(.seconds(1))
      #expect(try demo.savedStats().count == 42)
    }
  }

  @Test func aStateFileCorruptedWhileRunningIsIgnoredAndRewrittenWhole() async throws {
    let demo = try FaultyDemo()
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      await demo.press("++")
      await demo.advance(.seconds(1))
      try Data("{ \"count\": ".utf8).write(to: demo.statsFile)
      try? await Task.sleep(for: .milliseconds(100))
      await demo.press("+")
      #expect(demo.screen.contains("Count: 3"), "the app kept its value and runs")
      await demo.advance(.seconds(1))
      #expect(try demo.savedStats().count == 3)
    }
  }

  @Test func aCorruptStateFileAtStartIsKeptAsideWithAWarning() async throws {
    let demo = try FaultyDemo()
    try FileManager.default.createDirectory(at: demo.directory, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: demo.statsFile)
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      #expect(await demo.waitForScreen(containing: "⚠ "), "the user sees a warning")
      #expect(demo.screen.contains("Count: 0"))
      await demo.press("+")
      #expect(demo.screen.contains("Count: 1"))
    }
    let kept = try FileManager.default.contentsOfDirectory(atPath: demo.directory.path)
      .filter { $0.hasPrefix("stats.json.corrupt-") }
    #expect(kept.count == 1)
    let backup = demo.directory.appendingPathComponent(kept[0])
    #expect(try String(contentsOf: backup, encoding: .utf8) == "not json", "the bad file is kept")
  }

  @Test func anUnreadableStateFileIsNeverOverwritten() async throws {
    let demo = try FaultyDemo()
    // A folder where the file should be: it can't be read as a file, even by root.
    try FileManager.default.createDirectory(
      at: demo.statsFile.appendingPathComponent("inside"), withIntermediateDirectories: true)
    try await withIssueReporters(demo.reporters) {
      try demo.start()
      await demo.press("+")
      await demo.advance(.seconds(2))
      #expect(await demo.waitForScreen(containing: "⚠ "))
      #expect(demo.screen.contains("Count: 1"))
    }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: demo.statsFile.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue, "what was there is left as it was")
  }
}
