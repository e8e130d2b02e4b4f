import DemoApp
import DemoDevTools
import Testing

/// The soak run of `make soak` for two minutes of test clock: 100 stacked counters, every timer
/// ticking every second, and popping the stack leaves no effect running. (`make soak` runs an
/// hour of it in a process of its own, where it also checks that memory stays flat; here other
/// tests share the process, so memory is not judged.)
@MainActor
struct SoakTests {
  @Test func aHundredTimersTickEverySecondAndStopWhenPopped() async {
    let report = await DemoSoak.run(minutes: 2)
    #expect(report.ticksPerTimer == Array(repeating: 120, count: 100))
    #expect(report.effectsWhileRunning == 100)
    #expect(report.countersAfterPop == 0)
    #expect(report.effectsAfterPop == 0, "no effect is left running after the pop")
  }
}
