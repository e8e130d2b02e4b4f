import ComposableArchitecture
import Foundation
import SettingsStudy
import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct SettingsViewTests {
  func makeApp(
    width: Int = 80, height: Int = 24, client: SettingsClient = .inMemory()
  ) -> (Application, HeadlessBackend, StoreOf<SettingsStudy>) {
    let store = Store.settling(initialState: SettingsStudy.State()) {
      SettingsStudy()
    } withDependencies: {
      $0.settingsClient = client
    }
    let backend = HeadlessBackend(width: width, height: height)
    let app = Application(backend: backend, showsHelpBar: true) {
      SettingsStudyView(store: store)
    }
    app.renderIfNeeded()
    return (app, backend, store)
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func theScreenAndItsSheet(width: Int, height: Int) async {
    let (app, backend, store) = makeApp(width: width, height: height)
    await store.settle()
    app.renderIfNeeded()
    let size = "\(width)x\(height)"
    assertScreen(backend, named: "screen-\(size)")
    app.handle([.character("s")])
    assertScreen(backend, named: "sheet-\(size)")
    app.handle([.down, .down])
    await store.settle()
    app.renderIfNeeded()
    assertScreen(backend, named: "sheet-forest-\(size)")
    app.handle([.ctrl("d")])
    await store.settle()
    app.renderIfNeeded()
    assertScreen(backend, named: "after-\(size)")
  }

  @Test func theScreenObservesWhileTheSheetIsOverItAndStopsWhenItGoesAway() async {
    let client = SettingsClient.inMemory()
    let (app, backend, store) = makeApp(client: client)
    await store.settle()
    #expect(store.runningEffectCount == 1, "the screen's .task observes the settings")
    app.handle([.character("s"), .down])
    await store.settle()
    app.renderIfNeeded()
    #expect(store.settings.theme == .ocean)
    #expect(store.changesObserved == 1)
    app.handle([.ctrl("d")])
    await store.settle()
    app.renderIfNeeded()
    #expect(backend.buffer.lines.contains { $0.contains("Theme: Ocean") })
    app.finish()
    await store.settle()
    #expect(store.runningEffectCount == 0, "finishing the app cancels the screen's task")
  }

  @Test func aFailedSaveShowsInTheSheet() async {
    var client = SettingsClient.inMemory()
    client.change = { _, _ in throw SettingsClient.SaveError(message: "disk full") }
    let (app, backend, store) = makeApp(client: client)
    app.handle([.character("s"), .tab, .character(" ")])
    await store.settle()
    app.renderIfNeeded()
    assertScreen(backend, named: "save-failed")
  }

  @Test func theTapeWalksTheStudyEndToEnd() async throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Tapes/settings.tape")
    let tape = try KeyTape(parsing: String(contentsOf: url, encoding: .utf8))
    let (app, backend, store) = makeApp()
    await replay(tape, in: app, backend: backend, settle: store.settle)
  }
}
