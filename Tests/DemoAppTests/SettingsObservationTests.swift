import ComposableArchitecture
import DemoApp
import Foundation
import TerminalUI
import TerminalUITesting
import Testing

/// The settings study observes the settings client from its view's `.task`: the observation
/// runs while the screen is in the stack and ends when the screen is popped.
@MainActor
struct SettingsObservationTests {
  @Test func poppingTheSettingsStudyEndsItsObservation() async throws {
    let demo = try HeadlessDemo(
      DemoConfiguration(
        open: "settings", deepLink: nil, stateDirectory: NSTemporaryDirectory(), logFile: nil,
        replay: "tape", record: nil, size: "80x24", noColor: false, environment: [:]))
    await play(KeyTape(steps: []), in: demo.app, backend: demo.backend, settle: demo.store.settle)
    // The view's task starts on the main actor after the first frame.
    await waitUntil { demo.store.runningEffectCount == 1 }
    #expect(demo.store.runningEffectCount == 1, "the screen observes the settings")

    await play(
      try KeyTape(parsing: "key esc"), in: demo.app, backend: demo.backend,
      settle: demo.store.settle)
    #expect(demo.store.state.path.isEmpty)
    await waitUntil { demo.store.runningEffectCount == 0 }
    #expect(demo.store.runningEffectCount == 0, "nothing observes the settings after the pop")
    #expect(demo.backend.buffer.lines.joined().contains("Settings"))
  }
}
