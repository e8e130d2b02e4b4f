import Dispatch
import Observation
import TerminalUI
import TerminalUITesting
import Testing

// A frame evaluates each view's `body` at most once: containers resolve their children when
// they are made, and measuring and drawing reuse what was resolved. After the first frame, only
// the bodies whose inputs or reads changed are evaluated (ViewGraphTests).

@MainActor
private final class Evaluations {
  var count = 0
  /// The labels of the counted views evaluated, in order.
  var labels: [String] = []
}

private struct Counted: View {
  let evaluations: Evaluations
  let label: String

  var body: some View {
    let _ = evaluations.count += 1
    let _ = evaluations.labels.append(label)
    Text(label)
  }
}

private struct Screen: View {
  let evaluations: Evaluations
  /// Made by the test, as an app keeps its own: one made in `body` (or in the app's content
  /// closure) would be freed within the frame that read it, and Swift 6.3's Observation never
  /// releases the tracking of an observable freed that soon (see `Application`).
  let status: StatusLine

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
    .statusLine(status)
  }
}

@MainActor
struct BodyEvaluationTests {
  @Test func aFrameEvaluatesEachBodyOnce() {
    let evaluations = Evaluations()
    let status = StatusLine()
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) { Screen(evaluations: evaluations, status: status) }
    app.renderIfNeeded()
    #expect(app.frameCount == 1)
    // The screen and its six counted views, each once.
    #expect(evaluations.count == 7)
  }

  @Test func aStackBuildsItsRootOnceAndACoveredRootNotAtAll() {
    let evaluations = Evaluations()
    let status = StatusLine()
    var path: [String] = []
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) {
      NavigationStack(path: Binding(get: { path }, set: { path = $0 })) {
        Screen(evaluations: evaluations, status: status).navigationTitle("Root")
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
    let status = StatusLine()
    _ = render(Screen(evaluations: evaluations, status: status), size: Size(width: 30, height: 10))
    #expect(evaluations.count == 7)
  }

  @Test func aFrameThatMovesFocusToAnotherScreenEvaluatesEachBodyAtMostOnce() {
    let evaluations = Evaluations()
    let model = Pages()
    let backend = HeadlessBackend(width: 40, height: 12)
    let app = Application(backend: backend) { PagesView(model: model, evaluations: evaluations) }
    app.renderIfNeeded()
    app.handle([.tab])
    #expect(app.focusedIndex == 1, "on Push")
    evaluations.count = 0
    // Enter pushes a page: the frame is laid out on the old focus, focus moves to the page's
    // first control, and the frame is laid out again from the views already built.
    app.handle([.enter])
    #expect(backend.buffer.lines[0].hasPrefix("Pages › Page 1"))
    #expect(app.focusedIndex == 0)
    #expect(backend.buffer.cursor == Position(x: 5, y: 1), "in the page's field, at its end")
    #expect(evaluations.count == 1, "the new page, once; the pages view read nothing that changed")
    // What the page read while it was built stays observed.
    evaluations.count = 0
    model.notes = "later"
    #expect(app.needsDisplay)
    app.renderIfNeeded()
    #expect(backend.buffer.lines[2].hasPrefix("later"))
    #expect(evaluations.count == 1, "the page, which read the notes")
    // Esc pops back, to Push; a sheet opens over it and closes, each once per frame.
    evaluations.count = 0
    evaluations.labels = []
    app.handle([.escape])
    #expect(app.focusedIndex == 1)
    #expect(evaluations.labels == ["root"], "uncovered: it was forgotten while covered")
    #expect(evaluations.count == 1)
    evaluations.count = 0
    evaluations.labels = []
    app.handle([.character("s")])
    #expect(backend.buffer.lines.contains { $0.contains("[ Close ]") })
    #expect(app.focusedIndex == 0)
    #expect(evaluations.labels == ["in the sheet"], "the root under the sheet is kept")
    evaluations.count = 0
    app.handle([.escape])
    #expect(app.focusedIndex == 1, "back on Push")
    #expect(evaluations.count == 0, "the root is as it was under the sheet")
    // Pushed again, the page's body is evaluated afresh: a view that goes and comes back is new.
    evaluations.labels = []
    evaluations.count = 0
    app.handle([.enter])
    #expect(backend.buffer.lines[0].hasPrefix("Pages › Page 1"))
    #expect(evaluations.count == 1 && evaluations.labels.isEmpty, "the page")
  }

  @Test func keyRoutingLaysOutWithoutPaintingAndTheBatchDrawsOneFrame() {
    let passes = Passes()
    var enabled = false
    var pressed = 0
    let backend = HeadlessBackend(width: 30, height: 4)
    let app = Application(backend: backend) {
      VStack {
        PassCounter(passes: passes)
        Button("Enable") { enabled = true }
        Button("Press") { pressed += 1 }.disabled(!enabled)
      }
    }
    app.renderIfNeeded()
    #expect(passes.painted == 1 && passes.laidOut == 0)
    // Enter enables the second button; Tab must then find it, in the same batch. Each key after
    // one that changed the screen (Enter: the state, Tab: the focus) sees a new layout.
    app.handle([.enter, .tab, .enter])
    #expect(pressed == 1)
    #expect(app.frameCount == 2, "one frame for the batch")
    #expect(app.layoutPassCount == 2)
    #expect(passes.laidOut == 2 && passes.painted == 2, "routing painted nothing")
    #expect(backend.buffer.lines.contains { $0.contains("Press") })
  }
}

@MainActor
private final class Passes {
  var painted = 0
  var laidOut = 0
}

/// A widget that counts the passes that paint and those that only lay out.
private struct PassCounter: Widget {
  let passes: Passes

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(proposal.width, 5), height: min(proposal.height, 1))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    if buffer.paints { passes.painted += 1 } else { passes.laidOut += 1 }
    let width = buffer.write("count", at: Position(x: rect.x, y: rect.y), clip: rect)
    #expect(width == min(rect.width, 5), "a layout pass measures writes as painting does")
  }
}

@MainActor
@Observable
private final class Pages {
  var path: [Int] = []
  var notes = "notes"
  var showsSheet = false
}

private struct PagesView: View {
  @Bindable var model: Pages
  let evaluations: Evaluations

  var body: some View {
    let _ = evaluations.count += 1
    NavigationStack(path: $model.path) {
      Counted(evaluations: evaluations, label: "root")
      Button("Other") {}
      Button("Push") { model.path.append(model.path.count + 1) }
      Button("Sheet", shortcut: .character("s")) { model.showsSheet = true }
        .navigationTitle("Pages")
    } destination: { page in
      PageView(model: model, evaluations: evaluations, page: page)
    }
    .sheet(isPresented: $model.showsSheet) {
      Counted(evaluations: evaluations, label: "in the sheet")
      Button("Close") { model.showsSheet = false }
    }
  }
}

private struct PageView: View {
  @Bindable var model: Pages
  let evaluations: Evaluations
  let page: Int

  var body: some View {
    let _ = evaluations.count += 1
    VStack {
      TextField("Notes", text: $model.notes)
      Text(model.notes)
    }
    .navigationTitle("Page \(page)")
  }
}

/// A value another thread changes.
@Observable
private final class Remote: @unchecked Sendable {
  var value = 0
}

@MainActor
struct ChangesWhileRoutingTests {
  /// A change another thread makes while keys are routed is in the frame the keys end in, and
  /// asks for no frame of its own after it.
  @Test func aChangeFromAnotherThreadWhileKeysAreRoutedIsInTheirFrame() async {
    let remote = Remote()
    let backend = HeadlessBackend(width: 12, height: 1)
    let app = Application(
      backend: backend,
      onKey: { _ in
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          remote.value += 1
          done.signal()
        }
        done.wait()
        return true
      }
    ) {
      Text("value \(remote.value)")
    }
    app.renderIfNeeded()
    app.handleWithinFrameRate([.character("x")], moreInputWaiting: false)
    #expect(backend.buffer.lines == ["value 1     "])
    #expect(app.frameCount == 2)
    for _ in 0..<20 { await Task.yield() }
    #expect(app.frameCount == 2, "no second frame for the same change")
    #expect(!app.needsDisplay)
  }
}
