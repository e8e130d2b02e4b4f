import ComposableArchitecture
import CounterStackStudy
import DemoApp
import Foundation
import TerminalUI

/// The soak run: 100 stacked counters, each with its timer running, for `minutes` of a test
/// clock, then the stack popped; then rounds of pushes and pops drawn on a headless screen
/// (100 counters pushed one by one as a link pushes them, each drawn and its timer started, a
/// second of ticks, the stack popped), `pushRoundsPerMinute` rounds a minute.
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
    /// Resident memory after the first fifth of the run, and at its end, in bytes (each after
    /// ``DemoSoak/trimHeap()``).
    public var residentAfterWarmUp: Int
    public var residentAtTheEnd: Int
    /// Effects running at the end of the run, and after the stack was popped.
    public var effectsWhileRunning: Int
    public var effectsAfterPop: Int
    /// Counters left in the stack after the pop.
    public var countersAfterPop: Int
    /// Rounds of 100 pushes and a pop, and the resident memory after a fifth of them and at
    /// their end, in bytes.
    public var pushRounds: Int
    public var residentAfterPushWarmUp: Int
    public var residentAfterPushRounds: Int
    /// Problems found: timers that missed ticks, memory that grew, effects left running.
    public var problems: [String]

    public var description: String {
      "soak: 100 counters with timers for \(minutes) minutes of test clock, \(ticks) ticks; "
        + "resident memory \(residentAfterWarmUp >> 10) KiB after the warm-up, "
        + "\(residentAtTheEnd >> 10) KiB at the end; \(effectsWhileRunning) effects running, "
        + "\(effectsAfterPop) after the pop; \(pushRounds) rounds of 100 pushes and a pop, "
        + "resident memory \(residentAfterPushWarmUp >> 10) KiB after a fifth of them, "
        + "\(residentAfterPushRounds >> 10) KiB at their end"
        + (problems.isEmpty ? "" : "; PROBLEMS: " + problems.joined(separator: "; "))
    }
  }

  /// Memory may grow this much after the warm-up.
  public static let allowedGrowth = 4 << 20

  /// Rounds of 100 pushes and a pop for each minute of the run.
  public static let pushRoundsPerMinute = 20

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
    let afterWarmUp = trimmedResidentBytes()
    await clock.advance(by: .seconds(seconds - warmUp), settling: store, step: .seconds(1))
    let atTheEnd = trimmedResidentBytes()
    let running = store.runningEffectCount
    let ticks = store.path.compactMap { $0.counter?.secondsElapsed }

    store.send(.path(.popFrom(id: ids[0])))
    await store.settle()
    await clock.advance(by: .seconds(10), settling: store, step: .seconds(1))
    let afterPop = store.runningEffectCount

    let rounds = minutes * pushRoundsPerMinute
    let pushes = await pushAndPop(rounds: rounds, store: store, clock: clock)

    var problems: [String] = pushes.problems
    if pushes.atTheEnd - pushes.afterWarmUp > allowedGrowth {
      problems.append(
        "memory grew by \((pushes.atTheEnd - pushes.afterWarmUp) >> 10) KiB over the pushes "
          + "and pops after the first fifth")
    }
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
      countersAfterPop: store.path.count, pushRounds: rounds,
      residentAfterPushWarmUp: pushes.afterWarmUp, residentAfterPushRounds: pushes.atTheEnd,
      problems: problems)
  }

  /// Rounds of 100 counters pushed through the stack store (as a link pushes them), each drawn
  /// on a headless 80×24 screen and its timer started, a second of ticks, then the stack
  /// popped and drawn; the resident memory after a fifth of the rounds and at their end.
  private static func pushAndPop(
    rounds: Int, store: StoreOf<CounterStackStudy>, clock: TestClock<Duration>
  ) async -> (afterWarmUp: Int, atTheEnd: Int, problems: [String]) {
    let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
      CounterStackStudyView(store: store)
    }
    defer { app.finish() }
    let path = store.scope(state: \.path, action: \.path)
    var afterWarmUp = trimmedResidentBytes()
    var problems: [String] = []
    for round in 0..<rounds {
      for count in 0..<100 {
        path.push(CounterStackStudy.Path.State.counter(StackCounter.State(count: count)))
        app.renderIfNeeded()
        if let id = store.path.ids.last {
          store.send(.path(.element(id: id, action: .counter(.toggleTimerButtonTapped))))
        }
      }
      // The clock settles the store first: every timer has started before it moves.
      await clock.advance(by: .seconds(1), settling: store, step: .seconds(1))
      if store.runningEffectCount != 100, problems.isEmpty {
        problems.append(
          "round \(round + 1): \(store.runningEffectCount) effects ran with 100 counters pushed")
      }
      if let bottom = store.path.ids.first {
        store.send(.path(.popFrom(id: bottom)))
      }
      app.renderIfNeeded()
      await store.settle()
      if store.runningEffectCount != 0 || !store.path.isEmpty, problems.isEmpty {
        problems.append(
          "round \(round + 1): \(store.runningEffectCount) effects and \(store.path.count) "
            + "counters were left after the pop")
      }
      if round + 1 == rounds / 5 { afterWarmUp = trimmedResidentBytes() }
    }
    return (afterWarmUp, trimmedResidentBytes(), problems)
  }

  /// Hands the free memory malloc holds back to the system (glibc's `malloc_trim(0)`, looked up
  /// at run time), so that the resident memory measured next is what the process keeps alive
  /// plus the pages that still hold some of it, not memory freed and kept for reuse.
  public static func trimHeap() {
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  }

  /// The bytes malloc has handed out and not had back: what the process keeps alive, without
  /// the freed memory malloc keeps for reuse. From glibc's `malloc_info` report (looked up at
  /// run time; nil where it is missing): memory taken from the system plus mapped chunks,
  /// less what lies free in the arenas.
  public static func heapInUseBytes() -> Int? {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return nil }
    var text: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&text, &length) else { return nil }
    let status = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
    fclose(stream)
    defer { free(text) }
    guard status == 0, let text else { return nil }
    // The totals over every arena follow the last arena's report.
    let report = String(cString: text)
    let totals = report.components(separatedBy: "</heap>").last ?? report
    func size(_ element: String) -> Int? {
      guard let line = totals.split(separator: "\n").first(where: { $0.contains(element) }),
        let start = line.range(of: "size=\"")?.upperBound,
        let end = line[start...].firstIndex(of: "\"")
      else { return nil }
      return Int(line[start..<end])
    }
    guard let system = size("<system type=\"current\""), let fast = size("<total type=\"fast\""),
      let rest = size("<total type=\"rest\"")
    else { return nil }
    return system + (size("<total type=\"mmap\"") ?? 0) - fast - rest
  }

  /// Resident memory of this process after ``trimHeap()``, in bytes.
  public static func trimmedResidentBytes() -> Int {
    trimHeap()
    return residentBytes()
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
