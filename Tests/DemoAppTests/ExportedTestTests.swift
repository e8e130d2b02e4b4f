import ComposableArchitecture
import ComposableTerminalUI
import DemoApp
import Foundation
import TerminalUI
import TerminalUITesting
import TestFolders
import Testing

/// The test the inspector writes from a session: the sign-up tape's is checked in (and run by
/// `SignUpStudyTests`), so what the exporter writes and what it means are both tested.
@MainActor
struct ExportedTestTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixture = repository.appendingPathComponent(
    "Tests/SignUpStudyTests/SignUpSessionTests.swift")

  @Test func theSignUpTapeExportsTheCheckedInTest() async throws {
    let demo = try InspectorTests.demo(
      size: "80x24", exportTo: makeTemporaryFolder("exported-test"), inspect: true)
    await demo.play(
      try KeyTape(
        parsing: String(
          contentsOf: StudyTapeTests.tapeURL(try Study.named("sign-up")), encoding: .utf8)))
    let history = try #require(demo.store.history)
    let test = history.exportStudyTest(
      TestExportOptions(
        suiteName: "SignUpSessionTests", testName: "theSignUpTapeSession",
        header: [
          "swift-format-ignore-file",
          "Written by the inspector from Tests/DemoAppTests/Tapes/sign-up.tape; rewrite it with",
          "SNAPSHOT_RECORD=1 swift test --filter ExportedTestTests.",
          "",
        ]))
    #expect(test.omissions == [])
    #expect(test.sends == 76)
    #expect(test.receives == 10)
    if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] != nil {
      try test.source.write(to: Self.fixture, atomically: true, encoding: .utf8)
    }
    let checkedIn = try String(contentsOf: Self.fixture, encoding: .utf8)
    #expect(test.source == checkedIn, "the exporter writes another test than the one checked in")
  }

  /// The README's excerpt of the exported test is made of lines of the checked-in file.
  @Test func theReadmeExcerptIsFromTheCheckedInTest() throws {
    let readme = try String(
      contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- exported test excerpt") })
    let excerpt = lines[(start + 2)...].prefix { $0 != "```" }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.hasPrefix("//") }
    let fixture = Set(
      try String(contentsOf: Self.fixture, encoding: .utf8).components(separatedBy: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) })
    #expect(excerpt.count > 10)
    for line in excerpt {
      #expect(fixture.contains(line), "README excerpt line not in the exported test: \(line)")
    }
  }
}
