import ComposableArchitecture
import CounterStackStudy
import DemoApp
import Foundation

/// The soak run: 100 stacked counters, each with its timer running, for `minutes` of a test
/// clock, then the stack popped.
///
/// For example, `make soak` runs an hour of it in a process of its own (so that the resident
/// memory it measures is its own):
///
/// ```swift
/// let report = await DemoSoak.run(minutes: 60)
/// ```
@MainActor
public enum DemoSoak {
  /// What a soak run measured.
  public struct Report: Sendable, CustomStringConvertible {
    public var minutes: Int
    /// How many times each counter's timer ticked, from the bottom of the stack up.
    public var ticksPerTimer: [Int]
    /// Every tick of every timer.
    public var ticks: Int { ticksPerTimer.reduce(0, +) }
    /// Resident memory after the first fifth of the run, and at its end, in bytes.
    public var residentAfterWarmUp: Int
    public var residentAtTheEnd: Int
    /// Effects running at the end of the run, and after the stack was popped.
    public var effectsWhileRunning: Int
    public var effectsAfterPop: Int
    /// Counters left in the stack after the pop.
    public var countersAfterPop: Int
    /// Problems found: timers that missed ticks, memory that grew, effects left running.
    public var problems: [String]

    public var description: String {
      "soak: 100 counters with timers for \(minutes) minutes of test clock, \(ticks) ticks; "
        + "resident memory \(residentAfterWarmUp >> 10) KiB after the warm-up, "
        + "\(residentAtTheEnd >> 10) KiB at the end; \(effectsWhileRunning) effects running, "
        + "\(effectsAfterPop) after the pop"
        + (problems.isEmpty ? "" : "; PROBLEMS: " + problems.joined(separator: "; "))
    }
  }

  /// Memory may grow this much after the warm-up.
  public static let allowedGrowth = 4 << 20

  /// Runs the soak for `minutes` of test clock (at least 2).
  public static func run(minutes: Int) async -> Report {
    let minutes = max(2, minutes)
    let seconds = minutes * 60
    let clock = TestClock()
    var state = CounterStackStudy.State()
    for _ in 0..<100 { state.path.append(.counter(StackCounter.State())) }
    let store = Store.settling(initialState: state) {
      CounterStackStudy()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let ids = store.path.ids
    for id in ids {
      store.send(.path(.element(id: id, action: .counter(.toggleTimerButtonTapped))))
    }
    await store.settle()
    // Memory is measured after the first fifth of the run (when every structure has reached its
    // working size) and at the end.
    let warmUp = seconds / 5
    await clock.advance(by: .seconds(warmUp), settling: store, step: .seconds(1))
    let afterWarmUp = residentBytes()
    await clock.advance(by: .seconds(seconds - warmUp), settling: store, step: .seconds(1))
    let atTheEnd = residentBytes()
    let running = store.runningEffectCount
    let ticks = store.path.compactMap { $0.counter?.secondsElapsed }

    store.send(.path(.popFrom(id: ids[0])))
    await store.settle()
    await clock.advance(by: .seconds(10), settling: store, step: .seconds(1))
    let afterPop = store.runningEffectCount

    var problems: [String] = []
    if ticks != Array(repeating: seconds, count: 100) {
      problems.append("timers ticked \(Set(ticks).sorted()) times, not \(seconds)")
    }
    if atTheEnd - afterWarmUp > allowedGrowth {
      problems.append("memory grew by \((atTheEnd - afterWarmUp) >> 10) KiB after the warm-up")
    }
    if running != 100 { problems.append("\(running) effects ran at the end, not 100") }
    if afterPop != 0 { problems.append("\(afterPop) effects were left running after the pop") }
    if !store.path.isEmpty {
      problems.append("\(store.path.count) counters were left after the pop")
    }
    return Report(
      minutes: minutes, ticksPerTimer: ticks, residentAfterWarmUp: afterWarmUp,
      residentAtTheEnd: atTheEnd, effectsWhileRunning: running, effectsAfterPop: afterPop,
      countersAfterPop: store.path.count,
      problems: problems)
  }

  /// Resident memory of this process, in bytes (from `/proc/self/statm`).
  public static func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = statm.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
