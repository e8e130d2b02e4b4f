import ComposableArchitecture
import CounterStackStudy
import Foundation
import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct CounterStackViewTests {
  /// The study on a headless terminal with a test clock and a fact book that fails on 13.
  func makeApp(
    _ state: CounterStackStudy.State = CounterStackStudy.State(), width: Int = 80,
    height: Int = 24
  ) -> (Application, HeadlessBackend, StoreOf<CounterStackStudy>, TestClock<Duration>) {
    let clock = TestClock()
    let store = Store.settling(initialState: state) {
      CounterStackStudy()
    } withDependencies: {
      $0.continuousClock = clock
      $0.factClient = FactClient.liveValue
    }
    let backend = HeadlessBackend(width: width, height: height)
    let app = Application(backend: backend, showsHelpBar: true) {
      CounterStackStudyView(store: store)
    }
    app.renderIfNeeded()
    return (app, backend, store, clock)
  }

  @Test(arguments: [(80, 24), (40, 12)])
  func everyScreenOfTheStack(width: Int, height: Int) async {
    let (app, backend, store, clock) = makeApp(width: width, height: height)
    let size = "\(width)x\(height)"
    assertScreen(backend, named: "root-\(size)")
    app.handle([.character("s"), .character("+"), .character("+"), .character("t")])
    await clock.advance(by: .seconds(3), settling: store)
    app.renderIfNeeded()
    assertScreen(backend, named: "counter-\(size)")
    app.handle([.character("l")])
    await clock.advance(by: .milliseconds(600), settling: store)
    app.renderIfNeeded()
    assertScreen(backend, named: "loading-\(size)")
    await clock.advance(by: .milliseconds(1400), settling: store)
    app.renderIfNeeded()
    #expect(store.path.count == 2)
    app.handle([.character("f")])
    assertScreen(backend, named: "fact-\(size)")
    app.handle([.character("f")])
    await clock.advance(by: .milliseconds(500), settling: store)
    app.renderIfNeeded()
    assertScreen(backend, named: "fact-alert-\(size)")
  }

  @Test func theDeepLinkShowsThreeCountersInTheBreadcrumbAndEscPopsOneAtATime() {
    let (app, backend, store, _) = makeApp(try! CounterStackStudy.State(deepLink: "42,1729,-999"))
    #expect(
      backend.buffer.lines[0].hasPrefix("Counter stack › Counter 42 › Counter 1729 › Counter -999"))
    app.handle([.escape])
    #expect(store.path.count == 2)
    #expect(backend.buffer.lines[0].hasPrefix("Counter stack › Counter 42 › Counter 1729 "))
  }

  @Test func aLinkPushesWithTheNextIdAndACoveredTimerKeepsTicking() async {
    let (app, backend, store, clock) = makeApp()
    app.handle([.character("s"), .character("t"), .character("n")])
    #expect(store.path.ids.count == 2)
    await clock.advance(by: .seconds(5), settling: store)
    app.handle([.escape])
    #expect(backend.buffer.lines.contains { $0.contains("Timer: 5 s (running)") })
    app.handle([.escape])
    #expect(store.path.isEmpty)
    #expect(store.runningEffectCount == 0)
  }

  @Test func theUnluckyNumberShowsTheFailureAlertAndRetryTriesAgain() async {
    let (app, backend, store, clock) = makeApp(try! CounterStackStudy.State(deepLink: "13"))
    app.handle([.character("f"), .character("f")])
    await clock.advance(by: .milliseconds(500), settling: store)
    app.renderIfNeeded()
    assertScreen(backend, named: "failure")
    app.handle([.enter])
    #expect(store.path.last?.numberFact?.isLoading == true)
    await clock.advance(by: .milliseconds(500), settling: store)
    app.renderIfNeeded()
    app.handle([.escape])
    #expect(store.path.last?.numberFact?.alert == nil)
    #expect(store.path.count == 2)
  }

  @Test func theTapeWalksTheStudyEndToEnd() async throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Tapes/counter-stack.tape")
    let tape = try KeyTape(parsing: String(contentsOf: url, encoding: .utf8))
    let (app, backend, store, clock) = makeApp()
    await replay(tape, in: app, backend: backend, settle: store.settle) {
      await clock.advance(by: $0, settling: store)
    }
  }
}
