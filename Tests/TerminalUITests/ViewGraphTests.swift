import Dispatch
import Observation
import TerminalUI
import Testing

// Views with a body are kept between frames: a frame evaluates a body again only when the view
// found at its place differs, or what the body read through Observation changed (and then the
// bodies above it, whose results hold it), never the others.

@MainActor
@Observable
private final class Item {
  var text: String
  init(_ text: String) { self.text = text }
}

private struct ItemLabel: View {
  let item: Item
  var body: some View { Text(item.text) }
}

/// 200 labels, each reading an item of its own.
private struct Board: View {
  let items: [Item]
  var body: some View {
    VStack {
      ForEach(Array(items.enumerated()), id: \.offset) { _, item in ItemLabel(item: item) }
    }
  }
}

@MainActor
@Observable
private final class Toggles {
  var showsDetail = true
  var detail = "detail"
  var focus: Int?
}

private struct Detail: View {
  let toggles: Toggles
  var body: some View { Text(toggles.detail) }
}

private struct Switchboard: View {
  let toggles: Toggles
  var body: some View {
    VStack {
      Button("One") {}
      Button("Two") {}
      if toggles.showsDetail { Detail(toggles: toggles) }
    }
  }
}

/// Not observable: what a body reads of it is not seen.
@MainActor
private final class Plain {
  var text = "before"
}

private struct PlainLabel: View {
  let plain: Plain
  var body: some View { Text(plain.text) }
}

/// Changed from another thread.
@Observable
private final class Remote: @unchecked Sendable {
  var value = 0
}

private struct RemoteLabel: View {
  let remote: Remote
  var body: some View { Text("value \(remote.value)") }
}

/// An application drawing `label` and two buttons on one line, after its first frame: Tab
/// moves focus without changing what the label read.
@MainActor
private func besideTwoButtons(width: Int, _ label: some View) -> (Application, HeadlessBackend) {
  let backend = HeadlessBackend(width: width, height: 1)
  let app = Application(backend: backend) {
    HStack {
      label
      Button("A") {}
      Button("B") {}
    }
  }
  app.renderIfNeeded()
  return (app, backend)
}

@MainActor
struct ViewGraphTests {
  @Test func aChangeEvaluatesTheBodiesFromTheRootToTheViewThatReadItAndNoOther() {
    let items = (0..<200).map { Item("item \($0)") }
    let backend = HeadlessBackend(width: 200, height: 60)
    let app = Application(backend: backend) { Board(items: items) }
    app.renderIfNeeded()
    #expect(app.lastFrame.bodyEvaluations == 201, "the board and its 200 labels, once each")
    items[7].text = "seven"
    app.renderIfNeeded()
    #expect(backend.buffer.lines[7].hasPrefix("seven "))
    #expect(app.lastFrame.bodyEvaluations == 2, "the board, which holds the label, and the label")
    items[42].text = "forty-two"
    app.renderIfNeeded()
    #expect(backend.buffer.lines[42].hasPrefix("forty-two "))
    #expect(app.lastFrame.bodyEvaluations == 2)
  }

  @Test func aFrameThatOnlyMovesFocusEvaluatesNoBody() {
    let toggles = Toggles()
    let backend = HeadlessBackend(width: 20, height: 4)
    let app = Application(backend: backend) { Switchboard(toggles: toggles) }
    app.renderIfNeeded()
    app.handle([.tab])
    #expect(app.focusedIndex == 1)
    #expect(app.lastFrame.bodyEvaluations == 0, "the buttons drew themselves focused")
    #expect(app.lastFrame.cellsDrawn > 0)
  }

  @Test func aViewNoLongerShownIsForgottenAndWhatItReadDrawsNothing() {
    let toggles = Toggles()
    let backend = HeadlessBackend(width: 20, height: 4)
    let app = Application(backend: backend) { Switchboard(toggles: toggles) }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[2].hasPrefix("detail"))
    toggles.showsDetail = false
    app.renderIfNeeded()
    #expect(!backend.buffer.lines[2].hasPrefix("detail"))
    toggles.detail = "changed"
    #expect(!app.needsDisplay, "no view on screen read the detail")
    toggles.showsDetail = true
    app.renderIfNeeded()
    #expect(backend.buffer.lines[2].hasPrefix("changed"), "shown again, it is evaluated afresh")
    #expect(app.lastFrame.bodyEvaluations == 2, "the switchboard and the detail")
  }

  @Test func aViewTheRootNoLongerMakesIsForgottenAndWhatItReadDrawsNothing() {
    let toggles = Toggles()
    let backend = HeadlessBackend(width: 20, height: 1)
    let app = Application(backend: backend) {
      if toggles.showsDetail { Detail(toggles: toggles) } else { Text("none") }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("detail"))
    toggles.showsDetail = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("none"))
    toggles.detail = "changed"
    #expect(!app.needsDisplay, "no view on screen read the detail")
  }

  @Test func whatABodyReadsWithoutObservationIsSeenAfterSetNeedsDisplay() {
    let plain = Plain()
    let (app, backend) = besideTwoButtons(width: 10, PlainLabel(plain: plain))
    plain.text = "after"
    let frames = app.frameCount
    app.handle([.tab])
    #expect(app.frameCount == frames + 1, "focus moved")
    #expect(
      backend.buffer.lines[0].hasPrefix("before"), "as in SwiftUI, an unobserved read is kept")
    app.setNeedsDisplay()
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("after"))
    #expect(app.lastFrame.bodyEvaluations == 1)
  }

  @Test func aChangeFromAnotherThreadToWhatAKeptBodyReadAsksForAFrame() async {
    let remote = Remote()
    let (app, backend) = besideTwoButtons(width: 20, RemoteLabel(remote: remote))
    app.handle([.tab])
    #expect(app.frameCount == 2)
    #expect(app.lastFrame.bodyEvaluations == 0, "the label's body was kept")
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        remote.value = 5
        continuation.resume()
      }
    }
    // The frame it asked for may already be drawn (a task on the main actor draws it).
    app.renderIfNeeded()
    #expect(app.frameCount == 3)
    #expect(backend.buffer.lines[0].hasPrefix("value 5 "))
    #expect(app.lastFrame.bodyEvaluations == 1)
  }

  @Test func aViewMadeWithOtherValuesIsEvaluatedAgainThoughNothingItReadChanged() {
    let items = [Item("a"), Item("b")]
    let toggles = Toggles()
    let backend = HeadlessBackend(width: 10, height: 1)
    let app = Application(backend: backend) {
      ItemLabel(item: items[toggles.showsDetail ? 0 : 1])
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines == ["a         "])
    toggles.showsDetail = false
    app.renderIfNeeded()
    #expect(backend.buffer.lines == ["b         "])
    #expect(app.lastFrame.bodyEvaluations == 1)
    items[0].text = "not shown"
    #expect(!app.needsDisplay, "the label made with the first item is gone")
  }
}
