import ComposableArchitecture
import CounterStackStudy
import Foundation
import Testing

/// 100 stacked counters, each with its timer running, for an hour of a test clock (`make soak`;
/// `make test` runs 5 minutes of it, `SOAK_MINUTES` changes that): memory stays flat, every
/// timer ticked every second, and popping the stack leaves no effect running.
@MainActor
struct SoakTests {
  static var minutes: Int {
    ProcessInfo.processInfo.environment["SOAK_MINUTES"].flatMap(Int.init).map { max(2, $0) } ?? 5
  }

  /// Resident memory of this process, in bytes (from `/proc/self/statm`).
  static func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = statm.split(separator: " ")
    return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  @Test func aHundredTimersStayFlatForTheirRunAndStopWhenPopped() async throws {
    let seconds = Self.minutes * 60
    let clock = TestClock()
    let counts = Array(repeating: "0", count: 100).joined(separator: ",")
    let state = try CounterStackStudy.State(deepLink: counts)
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
    #expect(store.runningEffectCount == 100)

    // Memory is measured after the first fifth of the run (when every structure has reached
    // its working size) and at the end.
    let warmUp = seconds / 5
    await clock.advance(by: .seconds(warmUp), settling: store, step: .seconds(1))
    let afterWarmUp = Self.residentBytes()
    await clock.advance(by: .seconds(seconds - warmUp), settling: store, step: .seconds(1))
    let atTheEnd = Self.residentBytes()

    let ticks = store.path.compactMap { $0.counter?.secondsElapsed }
    #expect(ticks == Array(repeating: seconds, count: 100), "every timer ticked every second")
    print(
      "soak: 100 timers for \(Self.minutes) minutes of test clock, \(100 * seconds) ticks; "
        + "resident memory \(afterWarmUp >> 10) KiB after \(warmUp) s, \(atTheEnd >> 10) KiB at the end")
    #expect(
      atTheEnd - afterWarmUp < 4 << 20,
      "memory grew by \(atTheEnd - afterWarmUp) bytes after the warm-up")

    store.send(.path(.popFrom(id: ids[0])))
    await store.settle()
    #expect(store.path.isEmpty)
    #expect(store.runningEffectCount == 0, "no effect is left running after the pop")
    await clock.advance(by: .seconds(10), settling: store, step: .seconds(1))
    #expect(store.runningEffectCount == 0)
  }
}
