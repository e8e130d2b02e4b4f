import ComposableArchitecture
import DemoApp
import Foundation
import TerminalUI
import Testing

/// A finished app instance frees what it held: its application, store and screens. The fuzzer
/// makes thousands of instances in one process; each must go when its case ends.
@MainActor
struct AppLifetimeTests {
  @Test(arguments: [nil, "counter-stack", "settings", "shared-state"] as [String?])
  func aFinishedAppInstanceFreesItsApplicationAndStore(study: String?) async throws {
    weak var app: Application?
    weak var store: StoreOf<AppFeature>?
    do {
      let demo = try HeadlessDemo(
        DemoConfiguration(
          open: study, deepLink: nil, stateDirectory: NSTemporaryDirectory(), logFile: nil,
          replay: "tape", record: nil, size: "80x24", noColor: false, environment: [:]))
      await demo.play(try KeyTape(parsing: "key tab\nkey enter\nadvance 1s\nkey esc"))
      app = demo.app
      store = demo.store
    }
    await waitUntil { app == nil && store == nil }
    #expect(app == nil, "the application was freed")
    #expect(store == nil, "the store was freed")
  }
}
