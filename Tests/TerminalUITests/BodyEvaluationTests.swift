import TerminalUI
import TerminalUITesting
import Testing

// A frame evaluates each view's `body` once: containers resolve their children when they are
// made, and measuring and drawing reuse what was resolved.

@MainActor
private final class Evaluations {
  var count = 0
}

private struct Counted: View {
  let evaluations: Evaluations
  let label: String

  var body: some View {
    let _ = evaluations.count += 1
    Text(label)
  }
}

private struct Screen: View {
  let evaluations: Evaluations

  var body: some View {
    let _ = evaluations.count += 1
    Box(title: "Counted") {
      VStack {
        HStack {
          Counted(evaluations: evaluations, label: "a")
          Counted(evaluations: evaluations, label: "b")
        }
        Group {
          Counted(evaluations: evaluations, label: "c")
        }
        ForEach(["d", "e"]) { label in
          Counted(evaluations: evaluations, label: label)
        }
        Counted(evaluations: evaluations, label: "f")
          .task {}
          .navigationTitle("Title")
        Spacer()
      }
    }
    .statusLine(StatusLine())
  }
}

@MainActor
struct BodyEvaluationTests {
  @Test func aFrameEvaluatesEachBodyOnce() {
    let evaluations = Evaluations()
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) { Screen(evaluations: evaluations) }
    app.renderIfNeeded()
    #expect(app.frameCount == 1)
    // The screen and its six counted views, each once.
    #expect(evaluations.count == 7)
  }

  @Test func aStackBuildsItsRootOnceAndACoveredRootNotAtAll() {
    let evaluations = Evaluations()
    var path: [String] = []
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) {
      NavigationStack(path: Binding(get: { path }, set: { path = $0 })) {
        Screen(evaluations: evaluations).navigationTitle("Root")
      } destination: { name in
        Text(name).navigationTitle(name)
      }
    }
    app.renderIfNeeded()
    #expect(evaluations.count == 7, "the root screen, drawn once")
    path = ["Pushed"]
    app.setNeedsDisplay()
    app.renderIfNeeded()
    #expect(evaluations.count == 7, "covered, the root's title is remembered, not read again")
    #expect(backend.buffer.lines[0].hasPrefix("Root › Pushed"))
  }

  @Test func aLoneViewDrawnOutsideAnApplicationEvaluatesEachBodyOnce() {
    let evaluations = Evaluations()
    _ = render(Screen(evaluations: evaluations), size: Size(width: 30, height: 10))
    #expect(evaluations.count == 7)
  }
}
