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

  /// Draws a title over the app and lists a key in the help bar, as a tool laid over an app
  /// would.
  final class Titled: ApplicationLayer {
    let title: String
    var installed: [Application] = []
    init(_ title: String) { self.title = title }
    func wrap(_ content: Group) -> Group {
      Group {
        VStack {
          Text(title)
          content
        }
      }
    }
    func install(in app: Application) {
      installed.append(app)
      app.toolKeys.append((title, "tool"))
    }
  }

  @Test func layersWrapTheAppFirstInnermostAndAreInstalledOnceEach() {
    let backend = HeadlessBackend(width: 40, height: 5)
    let inner = Titled("F1")
    let outer = Titled("F2")
    let app = TerminalApp.application(backend: backend, layers: [inner, outer]) {
      Text("Hello")
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("F2"))
    #expect(backend.buffer.lines[1].hasPrefix("F1"))
    #expect(backend.buffer.lines[2].hasPrefix("Hello"))
    #expect(backend.buffer.lines[4].contains("F1 tool  F2 tool"))
    #expect(inner.installed.count == 1 && inner.installed.first === app)
    #expect(outer.installed.count == 1 && outer.installed.first === app)
  }
}
