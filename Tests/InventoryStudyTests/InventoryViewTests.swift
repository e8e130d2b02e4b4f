import ComposableArchitecture
import Foundation
import InventoryStudy
import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct InventoryViewTests {
  func makeApp(
    _ state: InventoryFeature.State = InventoryFeature.State(), width: Int = 80, height: Int = 24
  ) -> (Application, HeadlessBackend, StoreOf<InventoryFeature>) {
    let store = Store.settling(initialState: state) {
      InventoryFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let backend = HeadlessBackend(width: width, height: height)
    let app = Application(backend: backend, showsHelpBar: true) { InventoryView(store: store) }
    app.renderIfNeeded()
    return (app, backend, store)
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func theListTheFormAndTheAlert(width: Int, height: Int) async {
    let (app, backend, store) = makeApp(width: width, height: height)
    let size = "\(width)x\(height)"
    assertScreen(backend, named: "list-\(size)")
    app.handle([.character("a")])
    assertScreen(backend, named: "add-form-\(size)")
    app.handle(
      Array("Cable").map { .character($0) } + [.tab, .backspace]
        + Array("4x").map { .character($0) })
    assertScreen(backend, named: "invalid-quantity-\(size)")
    app.handle([.escape])
    await store.settle()
    app.handle([.down, .character("d")])
    assertScreen(backend, named: "delete-alert-\(size)")
  }

  @Test func enterEditsTheSelectedItemAndSaveWritesItBack() async {
    let (app, backend, store) = makeApp()
    app.handle([.down, .enter])
    #expect(store.destination?.edit?.item.name == "Mouse")
    app.handle([.tab, .backspace, .backspace, .character("7"), .ctrl("s")])
    await store.settle()
    app.renderIfNeeded()
    #expect(store.items[1].quantity == 7)
    #expect(store.destination == nil)
    #expect(backend.buffer.lines.contains { $0.contains("Mouse  ×7") })
  }

  @Test func theDeepLinkedFormCancelsThroughTheDismissDependency() async throws {
    let (app, backend, store) = makeApp(try InventoryFeature.State(deepLink: "edit:monitor"))
    assertScreen(backend, named: "deep-linked-edit")
    app.handle([.ctrl("x")])
    await store.settle()
    app.renderIfNeeded()
    #expect(store.destination == nil)
  }

  @Test func theTapeWalksTheStudyEndToEnd() async throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Tapes/inventory.tape")
    let tape = try KeyTape(parsing: String(contentsOf: url, encoding: .utf8))
    let (app, backend, store) = makeApp()
    await replay(tape, in: app, backend: backend, settle: store.settle)
  }
}
