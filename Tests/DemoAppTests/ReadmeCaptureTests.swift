import DemoApp
import Foundation
import Testing

/// The README's screen captures are what `--replay` prints for the tape written above each.
@MainActor
struct ReadmeCaptureTests {
  struct Capture {
    let study: String
    let size: String
    /// Whether the capture is of the app run with `--inspect`.
    let inspect: Bool
    let tape: String
    let text: String
  }

  /// Each `<!-- replay STUDY WxH [--inspect]: TAPE -->` comment (`\n` separating tape lines)
  /// and the text block after it.
  static func captures() throws -> [Capture] {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
    var captures: [Capture] = []
    for (index, line) in lines.enumerated() where line.hasPrefix("<!-- replay ") {
      let header = line.dropFirst("<!-- replay ".count).dropLast(" -->".count)
      guard let colon = header.firstIndex(of: ":") else { continue }
      let words = header[..<colon].split(separator: " ")
      let tape = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      let body = lines[(index + 2)...].prefix { $0 != "```" }
      captures.append(
        Capture(
          study: String(words[0]), size: String(words[1]), inspect: words.contains("--inspect"),
          tape: tape.replacingOccurrences(of: "\\n", with: "\n"),
          text: body.joined(separator: "\n")))
    }
    return captures
  }

  @Test func everyCaptureIsWhatTheAppShows() async throws {
    let captures = try Self.captures()
    #expect(captures.count == 6)
    for capture in captures {
      let tapeURL = FileManager.default.temporaryDirectory
        .appendingPathComponent("readme-\(UUID().uuidString).tape")
      try Data((capture.tape + "\n").utf8).write(to: tapeURL)
      defer { try? FileManager.default.removeItem(at: tapeURL) }
      let configuration = try DemoConfiguration(
        open: capture.study, deepLink: nil, stateDirectory: NSTemporaryDirectory(), logFile: nil,
        replay: tapeURL.path, record: nil, size: capture.size, noColor: false,
        inspect: capture.inspect, environment: [:])
      let screen = try await DemoLauncher.replay(tapePath: tapeURL.path, configuration)
      #expect(screen == capture.text, "README capture of \(capture.study) \(capture.size)")
    }
  }
}
