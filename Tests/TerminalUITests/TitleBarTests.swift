import TerminalUI
import Testing

// A stack's title bar, the breadcrumb of its screens' titles, as the room for it narrows: the
// first titles give way to `…`, and the top screen's title is the last to go.

@MainActor
struct TitleBarTests {
  private func titleBar(width: Int) -> String {
    let path = [1]
    let backend = HeadlessBackend(width: width, height: 3)
    let app = Application(backend: backend) {
      NavigationStack(path: Binding(get: { path }, set: { _ in })) {
        Text("Inbox").navigationTitle("Mail")
      } destination: { (_: Int) in
        Text("Hi").navigationTitle("Message")
      }
    }
    app.renderIfNeeded()
    return backend.buffer.lines[0]
  }

  @Test func theWholeTrailShowsWhenItFits() {
    #expect(titleBar(width: 14) == "Mail › Message")
  }

  @Test func theFirstTitlesGiveWayToAnEllipsis() {
    #expect(titleBar(width: 12) == "… › Message ")
  }

  @Test func tooNarrowForTheTopTitleItShowsItsStartCut() {
    #expect(titleBar(width: 10) == "… › Messa…")
  }
}
