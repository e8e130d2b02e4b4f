import Foundation
import Testing

/// The library must build on Linux with no Apple-only framework.
struct SourcePolicyTests {
  @Test func noSourceFileImportsAnAppleOnlyFramework() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let forbidden = ["SwiftUI", "Combine", "UIKit", "AppKit", "OSLog"]
    let files = try #require(FileManager.default.enumerator(atPath: sources.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var offenders: [String] = []
    for file in files {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").map(String.init)
        guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count
        else { continue }
        if forbidden.contains(words[importIndex + 1]) {
          offenders.append("\(file): \(line)")
        }
      }
    }
    #expect(offenders == [])
  }
}
