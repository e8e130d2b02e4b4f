import Foundation
import Testing

@testable import TerminalUITesting

// Screen snapshots kept by TerminalUITesting itself: named and laid out as swift-snapshot-testing
// lays them out (the snapshots recorded before still match), and a mismatch says where and what.

struct SnapshotStoreTests {
  @Test(arguments: [
    ("theListTheFormAndTheAlert(width:height:)", "theListTheFormAndTheAlert-width-height"),
    ("plusKeysShowOnScreen()", "plusKeysShowOnScreen"),
    ("delete-alert-80x24", "delete-alert-80x24"),
    ("  spaced  name!", "spaced-name"),
    ("snake_case", "snake_case"),
  ])
  func namesBecomeFileNamesAsSwiftSnapshotTestingWritesThem(name: String, file: String) {
    #expect(SnapshotStore.sanitized(name) == file)
  }

  @Test func aDiffShowsTheChangedLinesInHunksWithTheirContext() {
    let old = (1...12).map { "line \($0)" }.joined(separator: "\n")
    var lines = (1...12).map { "line \($0)" }
    lines[1] = "line two"
    lines.insert("inserted", at: 10)
    let diff = lineDiff(from: old, to: lines.joined(separator: "\n"))
    #expect(
      diff == """
        @@ −1,5 +1,5 @@
         line 1
        −line 2
        +line two
         line 3
         line 4
         line 5
        @@ −8,5 +8,6 @@
         line 8
         line 9
         line 10
        +inserted
         line 11
         line 12
        """)
  }

  @Test func aMismatchNamesTheSnapshotAndWritesTheScreenBesideItsReference() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("snapshot-store-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let testFile = folder.appendingPathComponent("ScreenTests.swift").path
    let reference = folder.appendingPathComponent(
      "__Snapshots__/ScreenTests/countsUp.count.txt")
    try FileManager.default.createDirectory(
      at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("Count: 1\n".utf8).write(to: reference)
    let failure = try #require(
      SnapshotStore.verify(
        "Count: 2\n", named: "count", filePath: testFile, testName: "countsUp()",
        artifacts: folder.appendingPathComponent("artifacts")))
    #expect(failure.hasPrefix("Snapshot \"count\" does not match reference."))
    #expect(failure.contains("−Count: 1\n+Count: 2"))
    let written = folder.appendingPathComponent("artifacts/ScreenTests/countsUp.count.txt")
    #expect(try String(contentsOf: written, encoding: .utf8) == "Count: 2\n")
    #expect(
      SnapshotStore.verify(
        "Count: 1\n", named: "count", filePath: testFile, testName: "countsUp()") == nil)
  }
}
