import TerminalUI
import Testing

@MainActor
struct StatusLineTests {
  @Test func aMessageKeepsItsFirstLineWithTextAndTheSameTextTwiceInARowOnce() {
    let status = StatusLine()
    status.post("\nSaved.\nDetails that do not fit")
    #expect(status.messages == ["Saved."], "the blank line before it is skipped")
    status.post("Saved.")
    status.post("\n\n")
    #expect(status.messages == ["Saved."])
    status.post("Could not write.")
    #expect(status.latest == "Could not write.")
    status.clear()
    #expect(status.latest == nil)
  }

  @Test func theNewestMessageShowsOnARowUnderTheContentAndThenGoes() {
    let status = StatusLine()
    let backend = HeadlessBackend(width: 20, height: 3)
    let app = Application(backend: backend) { Text("Content").statusLine(status) }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1] == String(repeating: " ", count: 20))
    status.post("Disk full")
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1].hasPrefix("⚠ Disk full"))
    status.clear()
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1] == String(repeating: " ", count: 20))
  }
}
