import Foundation
import TerminalUIFuzzTargets
import Testing

/// Every input the coverage-guided fuzzer kept (`make fuzz-coverage`): its corpus, and each
/// input that once failed, replayed through the same targets. A crash found and fixed stays
/// fixed.
@MainActor
struct FuzzCorpusTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func inputs(of target: FuzzTarget) -> [URL] {
    ["corpus", "crashes"].flatMap { folder in
      let directory = root.appendingPathComponent(target.rawValue).appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.sorted().map { directory.appendingPathComponent($0) }
    }
  }

  @Test(arguments: FuzzTarget.allCases)
  func everyKeptInputStillPasses(target: FuzzTarget) throws {
    let inputs = Self.inputs(of: target)
    #expect(!inputs.isEmpty, "the corpus of \(target.rawValue) is under Tests/Fuzz")
    for url in inputs {
      let failure = target.run(Array(try Data(contentsOf: url)))
      #expect(failure == nil, "\(url.lastPathComponent): \(failure ?? "")")
    }
  }
}
