import ComposableArchitecture
import CounterStackStudy
import Foundation
import Testing

/// 100 stacked counters with their timers running for two minutes of a test clock: every timer
/// ticks every second and popping the stack leaves no effect running. (`make soak` runs an hour
/// of it in a process of its own, where it also checks that memory stays flat.)
@MainActor
struct SoakTests {
  @Test func aHundredTimersTickEverySecondAndStopWhenPopped() async throws {
    let clock = TestClock()
    let state = try CounterStackStudy.State(
      deepLink: Array(repeating: "0", count: 100).joined(separator: ","))
    let store = Store.settling(initialState: state) {
      CounterStackStudy()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let ids = store.path.ids
    for id in ids {
      store.send(.path(.element(id: id, action: .counter(.toggleTimerButtonTapped))))
    }
    await clock.advance(by: .seconds(120), settling: store, step: .seconds(1))
    #expect(store.runningEffectCount == 100)
    #expect(store.path.compactMap { $0.counter?.secondsElapsed } == Array(repeating: 120, count: 100))
    store.send(.path(.popFrom(id: ids[0])))
    await store.settle()
    #expect(store.path.isEmpty)
    #expect(store.runningEffectCount == 0, "no effect is left running after the pop")
    await clock.advance(by: .seconds(10), settling: store, step: .seconds(1))
    #expect(store.runningEffectCount == 0)
  }
}
