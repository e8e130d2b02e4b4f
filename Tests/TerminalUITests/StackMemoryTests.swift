import Observation
import TerminalUI
import Testing

@testable import TerminalUICore

@MainActor
@Observable
private final class Pages {
  var pages: [Int] = []
  var next = 1
  var stacks = 1
  var showsStack = true

  func push() {
    pages.append(next)
    next += 1
  }
}

private struct PagesView: View {
  let model: Pages

  var body: some View {
    if model.showsStack {
      stack
    } else {
      Text("No stack")
    }
  }

  private var stack: some View {
    NavigationStack(
      ids: { model.pages },
      destination: { page in Group { Text("Page \(page)").navigationTitle("P\(page)") } },
      popFrom: { page in
        if let index = model.pages.firstIndex(of: page) { model.pages.removeSubrange(index...) }
      },
      push: { (_: Int) in model.push() },
      identity: "pages \(model.stacks)"
    ) {
      Text("Home").navigationTitle("Home")
    }
  }
}

@MainActor
struct StackMemoryTests {
  /// A stack remembers the titles of the screens on it, for its title bar, and forgets those
  /// of popped screens: pushing and popping 2,000 times leaves what the stack holds now (the
  /// soak found 300 bytes kept per push before).
  @Test func poppedScreensTitlesAreForgottenAndTheOnesOnTheStackKept() {
    let model = Pages()
    let backend = HeadlessBackend(width: 30, height: 3)
    let app = Application(backend: backend) { PagesView(model: model) }
    app.renderIfNeeded()
    for _ in 0..<2_000 {
      model.push()
      app.renderIfNeeded()
      model.pages.removeAll()
      app.renderIfNeeded()
    }
    let titles = StackTitles.of(AnyHashable("pages 1"), in: app.memory)
    #expect(titles.byID.count <= 2, "\(titles.byID.count) titles remembered")
    for _ in 0..<3 {
      model.push()
      app.renderIfNeeded()
    }
    #expect(backend.buffer.lines[0].hasPrefix("Home › P2001 › P2002 › P2003"))
    #expect(titles.byID.count == 4)
  }

  /// Only the stacks drawn keep their titles: an app that opens stack after stack (a study
  /// opened again and again, each time with a new stack store) remembers the one on screen.
  @Test func aStackNoLongerDrawnIsForgotten() {
    let model = Pages()
    let backend = HeadlessBackend(width: 30, height: 3)
    let app = Application(backend: backend) { PagesView(model: model) }
    model.push()
    app.renderIfNeeded()
    for _ in 0..<500 {
      model.stacks += 1
      app.renderIfNeeded()
    }
    #expect(Array(app.memory.stackTitles.keys) == [AnyHashable("pages 501")])
    model.showsStack = false
    app.renderIfNeeded()
    #expect(app.memory.stackTitles.isEmpty)
    model.showsStack = true
    app.renderIfNeeded()
    #expect(backend.buffer.lines[0].hasPrefix("Home › P1"))
  }
}
