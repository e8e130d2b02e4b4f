import TerminalUI
import TerminalUINCurses
import Testing

// The application the runner drives, made on a headless backend as a harness would.
@MainActor
struct TerminalAppTests {
  @Test func theRunnersApplicationShowsTheHelpBarAndQuitsOnQByDefault() {
    let backend = HeadlessBackend(width: 40, height: 3)
    let app = TerminalApp.application(backend: backend) { Text("Hello") }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("Hello"))
    #expect(backend.buffer.lines[2].hasPrefix("? help  q quit  ctrl-c quit"))
    app.handle([.character("q")])
    #expect(app.isFinished)
    #expect(!app.isInterrupted)
  }
}
