import DemoApp
import Foundation
import TerminalUI
import Testing

struct TapeRecorderTests {
  @Test func recordedKeysBecomeTapeCommands() {
    let lines = tapeLines(for: [
      .character("h"), .character("i"), .tab, .character(" "), .character("\""), .paste("a\nb"),
      .resize(Size(width: 100, height: 30)), .ctrl("c"),
    ])
    #expect(
      lines == [
        "type \"hi\"", "key tab", "key space", "type \"\\\"\"", "paste \"a\\nb\"",
        "resize 100x30", "key ctrl-c",
      ])
  }

  @Test func aRecorderAppendsLinesToItsFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tape-\(getpid())-\(Int.random(in: 0..<1_000_000)).txt").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TapeRecorder(path: path)
    recorder.record([.character("+"), .character("+")])
    recorder.record([.escape])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "# recorded by composable-demo\ntype \"++\"\nkey esc\n")
  }
}
