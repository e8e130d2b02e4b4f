import Observation
import TerminalUI
import Testing

// What each frame cost, as Application.lastFrame tells tests and benchmarks.

@MainActor
@Observable
private final class Tally {
  var count = 0
  var showsDetail = false
  var focus: Int?
}

private struct Row: View {
  let title: String
  var body: some View { Text(title) }
}

private struct TallyScreen: View {
  let model: Tally
  var body: some View {
    VStack {
      Row(title: "Count: \(model.count)")
      Row(title: "Unchanged")
      if model.showsDetail {
        Button("Hide") { model.showsDetail = false }
      }
    }
  }
}

@MainActor
struct FrameStatisticsTests {
  @Test func aFrameCountsTheBodiesItEvaluatedItsLayoutsAndTheCellsItChanged() {
    let model = Tally()
    let backend = HeadlessBackend(width: 20, height: 4)
    let app = Application(backend: backend, showsHelpBar: false) { TallyScreen(model: model) }
    app.renderIfNeeded()
    #expect(app.lastFrame.layouts == 1)
    #expect(app.lastFrame.cellsDrawn == 80, "the first frame draws every cell")
    model.count = 12
    app.renderIfNeeded()
    // The screen's, which read the count, and the row whose title changed; the unchanged row
    // is kept from the last frame.
    #expect(app.lastFrame.bodyEvaluations == 2)
    #expect(app.lastFrame.cellsDrawn == 2, "\"0\" became \"12\"")
    #expect(app.lastFrame.layouts == 1)
  }

  @Test func aFrameWhoseFocusMovedAsItWasLaidOutIsLaidOutTwice() {
    let model = Tally()
    var text = ""
    let app = Application(backend: HeadlessBackend(width: 20, height: 4), showsHelpBar: false) {
      VStack {
        TextField("First", text: Binding(get: { text }, set: { text = $0 }))
          .focused(Binding(get: { model.focus }, set: { model.focus = $0 }), equals: 1)
        TextField("Second", text: Binding(get: { text }, set: { text = $0 }))
          .focused(Binding(get: { model.focus }, set: { model.focus = $0 }), equals: 2)
      }
    }
    app.renderIfNeeded()
    model.focus = 2
    app.renderIfNeeded()
    #expect(app.focusedIndex == 1)
    #expect(app.lastFrame.layouts == 2)
    let frames = app.frameCount
    app.handle([.character("x")])
    #expect(app.frameCount == frames + 1)
    #expect(app.lastFrame.layouts == 1, "focus stayed where it was")
  }

  @Test func whenTheLastControlsGoAFrameIsLaidOutOnce() {
    let model = Tally()
    model.showsDetail = true
    let app = Application(backend: HeadlessBackend(width: 20, height: 4), showsHelpBar: false) {
      VStack {
        Text("Count: \(model.count)")
        if model.showsDetail {
          Button("Hide") { model.showsDetail = false }
          Button("Also hide") { model.showsDetail = false }
        }
      }
    }
    app.renderIfNeeded()
    app.handle([.tab])
    #expect(app.focusedIndex == 1)
    app.handle([.enter])
    #expect(app.focusedIndex == -1 || app.focusedIndex == 0)
    #expect(app.lastFrame.layouts == 1, "no control is left to draw focused")
  }

  @Test func turningTheHelpBarOffOrOnDrawsAFrameAndSettingItAgainDrawsNone() {
    let backend = HeadlessBackend(width: 20, height: 3)
    let app = Application(backend: backend, showsHelpBar: true) { Text("Hello") }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[2].hasPrefix("? help"))
    app.showsHelpBar = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines[2].trimmingCharacters(in: .whitespaces).isEmpty)
    let frames = app.frameCount
    app.showsHelpBar = false
    app.renderIfNeeded()
    #expect(app.frameCount == frames, "nothing changed, nothing drawn")
  }
}
