import ComposableArchitecture
import ComposableTerminalUI
import DemoApp
import Foundation
import TerminalUI
import TerminalUITesting
import TestFolders
import Testing

/// The time-travel inspector over the whole app: driven by a tape, snapshotted, exported and
/// replayed.
@MainActor
struct InspectorTests {
  static let tapeURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Tapes/inspector.tape")

  static func demo(
    size: String, exportTo folder: URL, inspect: Bool = false, recordsFromLaunch: Bool = true
  ) throws -> HeadlessDemo {
    var configuration = try DemoConfiguration(
      open: "sign-up", deepLink: nil, stateDirectory: folder.path, logFile: nil,
      replay: "tape", record: nil, size: size, noColor: false, inspect: inspect,
      recordsHistoryFromLaunch: recordsFromLaunch, environment: [:])
    configuration.exportDirectory = folder
    return try HeadlessDemo(configuration)
  }

  @Test(arguments: ["100x30", "80x24", "70x40", "40x12"])
  func theTapeOpensStepsBackTravelsAndExports(size: String) async throws {
    let folder = makeTemporaryFolder("inspector")
    let tape = try KeyTape(parsing: String(contentsOf: Self.tapeURL, encoding: .utf8))
    let demo = try Self.demo(size: size, exportTo: folder, inspect: true)
    await replay(
      tape, in: demo.app, backend: demo.backend, testName: "inspector-\(size)",
      settle: demo.store.settle, advance: demo.advance)
    #expect(!demo.app.isFinished)
    #expect(!demo.inspector.isOpen)
    // The keys typed while travelling reached nobody; the "!" typed back in the app reached the
    // password field, where the user left the focus: 9 characters, not 12.
    let screen = demo.backend.buffer.lines.joined(separator: "\n")
    #expect(screen.contains("blob@example.com") || size == "40x12")
    #expect(!screen.contains("zzz"))
    #expect(screen.contains("(9 so far)") || screen.contains(String(repeating: "•", count: 9)))
    #expect(!screen.contains(String(repeating: "•", count: 10)))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("session-1.tape").path))
  }

  @Test func travellingIsReadOnlyAndReturningShowsWhatHappenedMeanwhile() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "100x30", exportTo: folder, inspect: true)
    await demo.play(try KeyTape(parsing: "key enter\ntype \"blob@example.com\"\nkey f12\nkey home"))
    let history = try #require(demo.inspector.history)
    #expect(history.travelledSequence == 0)
    #expect(demo.app.isPreviewing)
    // The email check runs on: its answer lands in the live state while the screen shows the
    // start.
    let entriesBefore = history.lastSequence
    await demo.advance(by: .seconds(1))
    #expect(history.lastSequence > entriesBefore)
    #expect(!demo.backend.buffer.lines.joined().contains("Available"))
    demo.app.handle([.end])
    #expect(history.travelledSequence == nil)
    #expect(demo.app.isPreviewing)
    demo.app.handle([.escape])
    #expect(!demo.app.isPreviewing)
    #expect(demo.backend.buffer.lines.joined().contains("Available"))
  }

  @Test func theExportedTapeReplaysToTheSameScreenAndHoldsNoSecret() async throws {
    let folder = makeTemporaryFolder("inspector")
    let original = try Self.demo(size: "80x24", exportTo: folder)
    let session = try KeyTape(
      parsing: String(
        contentsOf: StudyTapeTests.tapeURL(try Study.named("sign-up")), encoding: .utf8))
    await original.play(session)
    original.app.handle([.function(12), .character("e"), .function(12)])
    #expect(original.inspector.message == "wrote session-1.tape and Session1Tests.swift")
    let exported = try String(
      contentsOf: folder.appendingPathComponent("session-1.tape"), encoding: .utf8)
    #expect(!exported.contains("hunter22"))
    #expect(!exported.contains("secret"))
    let test = try String(
      contentsOf: folder.appendingPathComponent("Session1Tests.swift"), encoding: .utf8)
    #expect(test.contains("struct Session1Tests {"))
    #expect(!test.contains("hunter22"))
    #expect(exported.contains("# composable-demo --open sign-up --replay FILE"))

    let replayed = try Self.demo(size: "80x24", exportTo: folder)
    await replayed.play(try KeyTape(parsing: exported))
    #expect(replayed.backend.buffer.lines == original.backend.buffer.lines)
  }

  /// Users open a time-travel tool after something went wrong: F12 lists what led there.
  @Test func f12ListsWhatHappenedBeforeItWasFirstPressed() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "100x30", exportTo: folder)
    await demo.play(try KeyTape(parsing: "key enter\ntype \"blob\""))
    #expect(!demo.inspector.isOpen)
    demo.app.handle([.function(12)])
    let history = try #require(demo.store.history)
    #expect(history.firstSequence == 0, "recorded from launch")
    #expect(history.lastSequence == 5, "the sign-up button and the four keys")
    #expect(demo.backend.buffer.lines[0].hasSuffix("│ Inspector · 6 entries · live           "))
    #expect(demo.backend.buffer.lines[2].hasSuffix("│   1 0.0s enter …ion.signUpButtonTapped)"))
    #expect(demo.backend.buffer.lines.contains { $0.contains("\"b\"") })
  }

  @Test func aResizeWhileThePaneHasTheKeysResizesTheAppAndIsKeptForTheExport() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "100x30", exportTo: folder)
    await demo.play(try KeyTape(parsing: "key enter\nkey f12"))
    let clears = demo.backend.clearCount
    await demo.play(try KeyTape(parsing: "resize 70x20"))
    #expect(demo.inspector.isOpen && demo.inspector.isFocused)
    // The whole terminal is cleared and drawn again, as after any resize.
    #expect(demo.backend.clearCount == clears + 1)
    #expect(demo.backend.buffer.size == Size(width: 70, height: 20))
    #expect(demo.backend.buffer.lines.allSatisfy { $0.count == 70 })
    #expect(demo.inspector.keyLog.tape.text.contains("resize 70x20"))
  }

  @Test func theRingKeepsTheLastActionsOnly() async throws {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return .none
      }
    }
    let inspector = Inspector(store: store, capacity: 3)
    for _ in 0..<10 { store.send(1) }
    let history = try #require(inspector.history)
    #expect(history.lastSequence == 10)
    #expect(history.firstSequence == 8, "the last three entries are kept")
  }

  @Test func withNoHistoryNothingIsRecordedUntilF12() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "100x30", exportTo: folder, recordsFromLaunch: false)
    await demo.play(try KeyTape(parsing: "key enter\ntype \"blob\""))
    #expect(demo.store.history == nil)
    #expect(demo.inspector.history == nil)
    demo.app.handle([.function(12)])
    let history = try #require(demo.store.history)
    #expect(history.lastSequence == 0)
    #expect(demo.inspector.isOpen && demo.inspector.isFocused)
    // The keys were kept all along: an export replays the whole session.
    #expect(demo.inspector.keyLog.tape.text.contains("type \"blob\""))
  }

  /// Found by the fuzzer once it pressed F12: a pane shorter than its footer crashed.
  @Test(arguments: ["1x1", "10x3", "30x2", "200x4"])
  func onATinyScreenThePaneDrawsWhatFits(size: String) async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: size, exportTo: folder, inspect: true)
    await demo.play(
      try KeyTape(parsing: "key enter\ntype \"ab\"\nkey f12\nkey left\nkey home\nkey end\nkey esc"))
    let parts = size.split(separator: "x").compactMap { Int($0) }
    #expect(demo.backend.buffer.lines.count == parts[1])
    #expect(demo.backend.buffer.lines.allSatisfy { displayWidth($0) == parts[0] })
    #expect(!demo.app.isFinished)
  }

  @Test func pageDownScrollsTheDetailsAndAnotherEntryStartsAtTheTop() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "80x24", exportTo: folder, inspect: true)
    await demo.play(try KeyTape(parsing: "key enter\ntype \"b@x\"\nkey f12"))
    let screen = { demo.backend.buffer.lines.joined(separator: "\n") }
    #expect(screen().contains("more lines (pgdn)"))
    #expect(!screen().contains("action:"))
    demo.app.handle([.pageDown])
    #expect(demo.inspector.detailOffset > 0)
    #expect(screen().contains("action:"))
    demo.app.handle([.pageUp])
    #expect(demo.inspector.detailOffset == 0)
    // PgUp goes back by the page PgDn went forward by, with a line of the page kept.
    demo.app.handle([.pageDown])
    let page = demo.inspector.detailOffset
    demo.app.handle([.pageDown])
    let twoPages = demo.inspector.detailOffset
    #expect(twoPages > page)
    demo.app.handle([.pageUp])
    #expect(demo.inspector.detailOffset == twoPages - page)
    demo.app.handle([.pageUp])
    demo.app.handle([.pageDown, .left])
    #expect(demo.inspector.detailOffset == 0, "another entry's details start at the top")
  }

  @Test func thePaneNeverShowsAPassword() async throws {
    let folder = makeTemporaryFolder("inspector")
    let demo = try Self.demo(size: "120x40", exportTo: folder, inspect: true)
    await demo.play(
      try KeyTape(parsing: "key enter\nkey tab\ntype \"hunter22\"\nkey f12\nkey left"))
    let screen = demo.backend.buffer.lines.joined(separator: "\n")
    #expect(screen.contains("Inspector"))
    #expect(screen.contains("password"))
    #expect(!screen.contains("hunter"))
  }

}
