import Foundation
import SharedFuzzTargets
import Testing

/// Every state file the coverage-guided fuzzer kept for `@Shared(.fileStorage)` decoding
/// (`make fuzz-coverage`, target `file-storage`), and each that once failed, replayed through
/// the same target: a readable file gives its value untouched, any other gives the default with
/// one issue and the file kept aside, and the next change is saved.
struct FileStorageFuzzCorpusTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/file-storage")

  @Test func everyKeptStateFileStillPasses() throws {
    var inputs: [URL] = []
    for name in ["corpus", "crashes"] {
      let directory = Self.folder.appendingPathComponent(name)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      inputs += names.sorted().map { directory.appendingPathComponent($0) }
    }
    #expect(inputs.count >= 10, "the corpus is under Tests/Fuzz/file-storage")
    for url in inputs {
      let failure = FileStorageTarget.run(Array(try Data(contentsOf: url)))
      #expect(failure == nil, "\(url.lastPathComponent): \(failure ?? "")")
    }
  }

}
