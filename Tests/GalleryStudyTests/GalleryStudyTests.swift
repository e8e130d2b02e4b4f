import ComposableArchitecture
import Foundation
import GalleryStudy
import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct GalleryStudyTests {
  @Test func everyActionChangesTheState() async {
    let store = TestStore(initialState: GalleryFeature.State()) { GalleryFeature() }
    await store.send(.binding(.set(\.name, "Ada"))) { $0.name = "Ada" }
    await store.send(.binding(.set(\.size, .large))) { $0.size = .large }
    await store.send(.pressTapped) { $0.presses = 1 }
    await store.send(.rowOpened(41)) { $0.opened = [41] }
    await store.send(.answerToggled(3)) { $0.answers[3] = true }
    await store.send(.answerToggled(99))
    await store.send(.binding(.set(\.tab, .scroll))) { $0.tab = .scroll }
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func theTapeWalksEveryTab(width: Int, height: Int) async throws {
    let tape = try KeyTape(
      parsing: String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .appendingPathComponent("Tapes/gallery.tape"), encoding: .utf8))
    let store = Store(initialState: GalleryFeature.State()) { GalleryFeature() }
    let backend = HeadlessBackend(width: width, height: height)
    // On a stack, as in the demo: the title bar takes the first row.
    let app = Application(backend: backend, showsHelpBar: true) {
      NavigationStack(path: Binding(get: { [String]() }, set: { _ in })) {
        GalleryView(store: store)
      } destination: {
        Text($0)
      }
    }
    await replay(tape, in: app, backend: backend, testName: "gallery-\(width)x\(height)")
    #expect(store.name == "Ada")
    #expect(store.subscribed)
    #expect(store.size == .large)
    #expect(store.topics == ["swift"])
    #expect(store.presses == 1)
    #expect(store.notes.hasPrefix("Hello\nworld"))
    #expect(store.opened == [2])
    #expect(store.answers.filter { $0 }.count == 1)
    #expect(store.planet == "Mars")
    #expect(store.tableSort == ColumnSort(.name, ascending: false))
    #expect(store.previewTheme == "light")
    #expect(store.previewDepth == .ansi16)
  }
}
