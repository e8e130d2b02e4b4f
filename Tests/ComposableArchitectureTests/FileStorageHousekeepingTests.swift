import ComposableArchitecture
import Foundation
import Testing

/// What a state folder holds after trouble: a directory where the file should be is named as
/// such, the temporary files of writes a killed process left are removed at the next start, and
/// a path that holds control characters never reaches a terminal raw in a message.
@MainActor
struct FileStorageHousekeepingTests {
  /// Reads stats from `url`, where a directory stands, expecting the one issue that reports it.
  private func readStats(
    fromADirectoryAt url: URL, _ matching: @escaping @Sendable (String) -> Bool
  ) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    withKnownIssue {
      _ = withDependencies {
        $0.defaultFileStorage = .fileSystem
      } operation: {
        Shared(wrappedValue: Stats(), .fileStorage(url))
      }
    } matching: { issue in
      matching(message(of: issue))
    }
  }

  @Test func aDirectoryWhereTheFileShouldBeIsSaidInWords() throws {
    let url = temporaryDirectory().appendingPathComponent("state/stats.json")
    try readStats(fromADirectoryAt: url) { $0.contains("\(url.path) is a directory, not a file") }
  }

  @Test func temporaryFilesOfAKilledWriteAreRemovedAtTheNextStart() throws {
    let folder = temporaryDirectory().appendingPathComponent("state")
    let url = folder.appendingPathComponent("stats.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"count":1,"maxCount":1,"minCount":0,"numberOfCounts":1}"#.utf8).write(to: url)
    // A process number above the kernel's largest is never running; this process is, and so
    // is process 1 (another process, whose write may be under way).
    let stale = folder.appendingPathComponent(".stats.json.tmp-4194305-7")
    let live = folder.appendingPathComponent(".stats.json.tmp-\(getpid())-9")
    let running = folder.appendingPathComponent(".stats.json.tmp-1-3")
    let other = folder.appendingPathComponent(".other.json.tmp-4194305-1")
    for file in [stale, live, running, other] { try Data("{".utf8).write(to: file) }
    let stats = withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    #expect(stats.wrappedValue.count == 1)
    #expect(!FileManager.default.fileExists(atPath: stale.path), "a dead writer's file goes")
    #expect(FileManager.default.fileExists(atPath: live.path), "this process's own stays")
    #expect(FileManager.default.fileExists(atPath: running.path), "a running writer's stays")
    #expect(FileManager.default.fileExists(atPath: other.path), "another file's are its own")
  }

  @Test func aPathWithControlCharactersIsQuotedSafelyInItsMessage() throws {
    let url = temporaryDirectory().appendingPathComponent("st\u{1B}]0;T\u{7}ate/stats.json")
    try readStats(fromADirectoryAt: url) { text in
      text.contains("st\\u{1B}]0;T\\u{7}ate")
        && !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
  }

  @Test func aPathWithALineBreakIsReportedOnOneLine() throws {
    // A line break in a path could make the message's tail read as a line of its own.
    let url = temporaryDirectory().appendingPathComponent("st\nate\tdir/stats.json")
    try readStats(fromADirectoryAt: url) { text in
      text.contains("st\\u{A}ate\\u{9}dir") && !text.contains("\n") && !text.contains("\t")
    }
  }
}
