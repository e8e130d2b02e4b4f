import ComposableArchitecture
import DemoApp
import Foundation
import TerminalUI
import TerminalUITesting
import Testing

/// Each study's tape, played through the whole app opened on that study (`--open NAME`), with a
/// snapshot at every `snapshot` step, at 80×24 and at 40×12.
@MainActor
struct StudyTapeTests {
  nonisolated static let sizes = ["80x24", "40x12"]

  /// Where each study's tape is: `Tapes/NAME.tape` in one of the test folders (the app's own
  /// tapes in DemoAppTests, a study's next to its tests).
  static func tapeURL(_ study: Study) -> URL {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []
    let candidates = folders.sorted().map {
      tests.appendingPathComponent("\($0)/Tapes/\(study.rawValue).tape")
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
      ?? tests.appendingPathComponent("DemoAppTests/Tapes/\(study.rawValue).tape")
  }

  @Test(arguments: Study.allCases)
  func everyStudyHasATape(study: Study) {
    #expect(FileManager.default.fileExists(atPath: Self.tapeURL(study).path))
  }

  func configuration(_ study: Study, size: String, replay: String = "tape") throws
    -> DemoConfiguration
  {
    try DemoConfiguration(
      open: study.rawValue, deepLink: nil, stateDirectory: NSTemporaryDirectory(),
      logFile: nil, replay: replay, record: nil, size: size, noColor: false, environment: [:])
  }

  @Test(arguments: Study.allCases, sizes)
  func theStudysTapeShowsEveryScreen(study: Study, size: String) async throws {
    let tape = try KeyTape(parsing: String(contentsOf: Self.tapeURL(study), encoding: .utf8))
    let demo = try HeadlessDemo(configuration(study, size: size))
    await replay(
      tape, in: demo.app, backend: demo.backend, testName: "\(study.rawValue)-\(size)",
      settle: demo.store.settle, advance: demo.advance)
    #expect(!demo.app.isFinished)
  }

  @Test(arguments: Study.allCases)
  func replayingTheTapeFromTheCommandLineEndsOnTheSameScreen(study: Study) async throws {
    let tape = try KeyTape(parsing: String(contentsOf: Self.tapeURL(study), encoding: .utf8))
    let demo = try HeadlessDemo(configuration(study, size: "80x24"))
    await demo.play(tape)
    let printed = try await DemoLauncher.replay(
      tapePath: Self.tapeURL(study).path, configuration(study, size: "80x24"))
    let expected = demo.backend.buffer.lines.map { line in
      String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
    #expect(printed == expected.joined(separator: "\n"))
  }
}
