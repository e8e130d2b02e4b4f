import DemoApp
import Foundation
import TerminalUI
import TerminalUINCurses
import Testing

struct TapeRecorderTests {
  @Test func recordedKeysBecomeTapeCommands() {
    let text = KeyTape(steps: [
      .keys([
        .character("h"), .character("i"), .tab, .character(" "), .character("\""),
        .paste("a\nb"), .resize(Size(width: 100, height: 30)), .ctrl("c"),
      ])
    ]).text
    #expect(
      text.split(separator: "\n") == [
        "type \"hi\"", "key tab", "key space", "type \"\\\"\"", "paste \"a\\nb\"",
        "resize 100x30", "key ctrl-c",
      ])
  }

  @MainActor
  @Test func aRecorderAppendsLinesToItsFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tape-\(getpid())-\(Int.random(in: 0..<1_000_000)).txt").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TapeRecorder(path: path, recordedBy: "composable-demo")
    recorder.record([.character("+"), .character("+")])
    recorder.record([.escape])
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "# recorded by composable-demo\ntype \"++\"\nkey esc\n")
  }

  @MainActor
  @Test func timeBetweenKeysIsRecordedAsAdvanceSteps() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tape-\(getpid())-\(Int.random(in: 0..<1_000_000)).txt").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let recorder = try TapeRecorder(path: path, recordedBy: "composable-demo")
    let start = ContinuousClock.now
    recorder.record([.character("a")], at: start)
    recorder.record([.character("b")], at: start + .milliseconds(40))
    recorder.record([.tab], at: start + .milliseconds(1_390))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == "# recorded by composable-demo\ntype \"a\"\ntype \"b\"\nadvance 1300ms\nkey tab\n")
    #expect(try KeyTape(parsing: text).steps.contains(.advance(.milliseconds(1_300))))
  }

  @Test func keysTypedIntoASecureFieldAreRecordedAsDots() {
    let typed: [KeyEvent] = [.character("s"), .paste("hunter22"), .tab, .backspace]
    let recorded = typed.map { TapeRecorder.recordable($0, isSecret: true) }
    #expect(recorded == [.character("•"), .paste("••••••••"), .tab, .backspace])
    #expect(TapeRecorder.recordable(.character("s"), isSecret: false) == .character("s"))
  }

  @MainActor
  @Test func theAppKnowsWhenASecureFieldHasFocus() {
    var email = ""
    var password = ""
    let app = Application(backend: HeadlessBackend(width: 30, height: 3)) {
      TextField("Email", text: Binding(get: { email }, set: { email = $0 }))
      SecureField("Password", text: Binding(get: { password }, set: { password = $0 }))
    }
    app.renderIfNeeded()
    #expect(!app.isTypingSecret)
    app.handle([.tab])
    #expect(app.isTypingSecret)
    app.handle([.character("x")])
    #expect(password == "x")
  }
}
