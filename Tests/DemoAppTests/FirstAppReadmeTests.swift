import Foundation
import Testing

/// The README's "Your first app" is the code in `Examples/FirstApp`, which `make test` builds
/// (the `counter-app` executable), tests (`CounterFeatureTests`) and runs in tmux: these tests
/// check that the README shows those files verbatim, so neither can drift from the other.
struct FirstAppReadmeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `swift` blocks of the README's "Your first app" section, in order.
  static func readmeBlocks() throws -> [String] {
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    guard let start = readme.range(of: "\n## Your first app\n") else { return [] }
    let section = readme[start.upperBound...]
    let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
    var blocks: [String] = []
    var current: [Substring]?
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n") + "\n")
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test(arguments: [
    "Examples/FirstApp/Sources/CounterFeature/Counter.swift",
    "Examples/FirstApp/Sources/counter-app/main.swift",
    "Examples/FirstApp/Tests/CounterFeatureTests/CounterTests.swift",
  ])
  func theReadmeShowsTheFileAsItIs(path: String) throws {
    let file = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    let blocks = try Self.readmeBlocks()
    let name = (path as NSString).lastPathComponent
    // Each file is shown after a line naming it: the block is the file without that line.
    let shown = blocks.first { $0.hasPrefix("// \(name)\n") }
    #expect(shown != nil, "the README's first app shows no block starting with // \(name)")
    if let shown {
      #expect(String(shown.dropFirst("// \(name)\n".count)) == file)
    }
  }

  @Test func theMainFileIsAtMostFifteenLines() throws {
    let main = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Examples/FirstApp/Sources/counter-app/main.swift"), encoding: .utf8)
    #expect(main.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 15)
  }

  @Test func thePackageLinesNameProductsThisPackageHas() throws {
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let blocks = try Self.readmeBlocks()
    let package = try #require(blocks.first { $0.hasPrefix("// Package.swift\n") })
    let products = package.matches(
      of: /\.product\(name: "([A-Za-z]+)", package: "swift-composable-terminal"\)/
    )
    .map { String($0.output.1) }
    #expect(!products.isEmpty)
    for product in products {
      #expect(manifest.contains(".library(name: \"\(product)\""), "no product \(product)")
    }
  }
}
