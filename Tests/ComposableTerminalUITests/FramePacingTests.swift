import ComposableArchitecture
import Observation
import TerminalUI
import Testing

// When frames are drawn (issue 21, point 6): a key that arrives while no more input waits is
// drawn at once, whatever the time since the last frame; input that keeps coming, and changes
// made by anything other than a key, draw at most 60 frames a second. The frame clock is a
// `TestClock` that only moves when a test moves it, so "at once" means with no time passing.

@MainActor
@Observable
private final class Typed {
  var text = ""
  var ticks = 0
}

private struct TypedView: View {
  @Bindable var model: Typed

  var body: some View {
    VStack {
      TextField("Text", text: $model.text)
      Text("Ticks: \(model.ticks)")
    }
  }
}

@MainActor
struct FramePacingTests {
  let clock = TestClock()
  private let model = Typed()
  let app: Application

  init() {
    let model = model
    app = Application(
      backend: HeadlessBackend(width: 40, height: 4), frameClock: FrameClock(clock)
    ) {
      TypedView(model: model)
    }
    app.renderIfNeeded()
  }

  @Test func keysTypedBackToBackAreEachDrawnAtOnce() {
    let first = app.frameCount
    for (index, character) in "hello".enumerated() {
      app.handleWithinFrameRate([.character(character)], moreInputWaiting: false)
      #expect(app.frameCount == first + index + 1)
    }
    #expect(screenText(app).contains("hello"))
  }

  @Test func aBurstOfKeysDrawsOnceWhenTheLastArrives() {
    let first = app.frameCount
    let keys = Array(repeating: "x", count: 1_000)
    for (index, key) in keys.enumerated() {
      app.handleWithinFrameRate(
        [.character(Character(key))], moreInputWaiting: index < keys.count - 1)
    }
    #expect(app.frameCount == first + 1)
    #expect(model.text.count == 1_000)
  }

  @Test func aPasteOf100KBDrawsOneFrame() {
    let first = app.frameCount
    app.handleWithinFrameRate(
      [.paste(String(repeating: "p", count: 100_000))], moreInputWaiting: false)
    #expect(app.frameCount == first + 1)
    #expect(model.text.count == 100_000)
  }

  /// Input that keeps coming for a second of the frame clock, one key a millisecond, each
  /// read finding more behind it: the screen follows at most 60 times a second.
  @Test func keysThatKeepComingDrawAtMostSixtyFramesASecond() async {
    let first = app.frameCount
    for _ in 0..<1_000 {
      app.handleWithinFrameRate([.character("k")], moreInputWaiting: true)
      await clock.advance(by: .milliseconds(1))
    }
    let frames = app.frameCount - first
    #expect(frames <= 61)
    #expect(frames >= 1)
    #expect(model.text.count == 1_000)
  }

  /// A timer at 1 kHz changing what the screen shows: its changes are not input, and draw at
  /// most 60 frames a second of the frame clock.
  @Test func aTimerAtOneKilohertzDrawsAtMostSixtyFramesASecond() async {
    let first = app.frameCount
    for _ in 0..<1_000 {
      model.ticks += 1
      await clock.advance(by: .milliseconds(1))
    }
    await clock.advance(by: .milliseconds(17))
    for _ in 0..<100 where !screenText(app).contains("Ticks: 1000") {
      await clock.advance(by: .milliseconds(17))
      try? await Task.sleep(for: .milliseconds(1))
    }
    let frames = app.frameCount - first
    #expect(frames <= 62)
    #expect(screenText(app).contains("Ticks: 1000"))
  }

  private func screenText(_ app: Application) -> String {
    guard let backend = app.backend as? HeadlessBackend else { return "" }
    return backend.buffer.lines.joined(separator: "\n")
  }
}
