import ComposableArchitecture
import ComposableTerminalUI
import Foundation
import TerminalUI
import TestFolders
import Testing

/// A note whose text the inspector shows changing.
private struct Note: Equatable {
  var text: String
}

/// The inspector over a small app: where its pane goes, what its details show, and where its
/// exports go.
@MainActor
struct InspectorPaneTests {
  private func inspected(
    size: Size, folder: URL = makeTemporaryFolder("inspector-pane")
  ) -> (Application, HeadlessBackend, Inspector, Store<Note, String>) {
    let store = Store(initialState: Note(text: "first\n\nlast")) {
      Reduce<Note, String> { state, action in
        state.text = action
        return .none
      }
    }
    let inspector = Inspector(store: store, isOpen: true, exportDirectory: folder)
    let backend = HeadlessBackend(width: size.width, height: size.height)
    let app = Application(backend: backend) {
      Text("the app").inspector(inspector)
    }
    inspector.install(in: app)
    app.renderIfNeeded()
    return (app, backend, inspector, store)
  }

  @Test func onATerminalTwiceAsWideAsTallThePaneGoesBesideTheApp() {
    let (_, backend, _, _) = inspected(size: Size(width: 80, height: 40))
    #expect(backend.buffer.lines[0].hasPrefix("the app"))
    #expect(backend.buffer.lines[0].contains("│ Inspector · 1 entry"))
    let (_, taller, _, _) = inspected(size: Size(width: 80, height: 41))
    #expect(taller.buffer.lines[0].hasPrefix("the app       "), "a taller one has it below")
    #expect(!taller.buffer.lines[0].contains("│"))
  }

  @Test func anExportNeverOverwritesATestOrATapeAlreadyInTheFolder() throws {
    let folder = makeTemporaryFolder("inspector-pane")
    let test = folder.appendingPathComponent("Session1Tests.swift")
    try "// mine".write(to: test, atomically: true, encoding: .utf8)
    let tape = folder.appendingPathComponent("session-2.tape")
    try "# mine".write(to: tape, atomically: true, encoding: .utf8)
    let (_, _, inspector, store) = inspected(size: Size(width: 80, height: 24), folder: folder)
    store.send("changed")
    #expect(inspector.export() == folder.appendingPathComponent("session-3.tape").path)
    #expect(inspector.message == "wrote session-3.tape and Session3Tests.swift")
    #expect(try String(contentsOf: test, encoding: .utf8) == "// mine")
    #expect(try String(contentsOf: tape, encoding: .utf8) == "# mine")
  }
}

extension InspectorPaneTests {
  @Test func onANarrowPaneItsKeysTakeThreeLinesAtMostSoTheListKeepsRoom() {
    let (app, backend, _, _) = inspected(size: Size(width: 16, height: 14))
    app.handle([.function(12)])
    let lines = backend.buffer.lines
    #expect(lines[lines.count - 3].hasPrefix(" ←/→ step"))
    #expect(lines[lines.count - 1].hasPrefix(" pgup/pgdn deta…"), "the rest, cut, on the third")
    #expect(lines[lines.count - 4].allSatisfy { $0 == " " })
  }
}

/// The keys an app's `onKey` was given.
@MainActor
private final class KeysReached {
  var keys: [KeyEvent] = []
}

extension InspectorPaneTests {
  @Test func f12OpensAndClosesAPaneClosedUnlessToldAndGoesNoFurther() {
    let store = Store(initialState: Note(text: "first")) {
      Reduce<Note, String> { state, action in
        state.text = action
        return .none
      }
    }
    let inspector = Inspector(store: store, exportDirectory: makeTemporaryFolder("inspector-pane"))
    #expect(!inspector.isOpen, "closed unless told")
    let reached = KeysReached()
    let backend = HeadlessBackend(width: 80, height: 24)
    let app = Application(
      backend: backend,
      onKey: { key in
        reached.keys.append(key)
        return true
      }
    ) {
      Text("the app").inspector(inspector)
    }
    inspector.install(in: app)
    app.renderIfNeeded()
    #expect(!backend.buffer.lines.joined().contains("Inspector"))
    app.handle([.function(12)])
    #expect(inspector.isOpen)
    #expect(backend.buffer.lines.joined().contains("Inspector"))
    app.handle([.function(12)])
    #expect(!inspector.isOpen)
    #expect(!backend.buffer.lines.joined().contains("Inspector"))
    app.handle([.character("x")])
    #expect(reached.keys == [.character("x")], "F12 reached the app neither time")
  }
}
