import CBenchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One measured figure: nanoseconds per operation (median of several samples).
struct Measurement {
  let group: String
  let name: String
  let nanosecondsPerOperation: Double
  /// The row of the group this one is compared with; `nil` for the baseline itself.
  let baseline: String?
}

/// Times `operations` runs of `body` (which performs them all), several samples, and returns
/// the median nanoseconds per operation. Each sample lasts at least `minimumSample`; `body` is
/// async so the test store can be measured like the rest.
@MainActor
func measure(
  operations: Int,
  samples: Int = 7,
  minimumSample: Duration = .milliseconds(50),
  _ body: () async -> Void
) async -> Double {
  let clock = ContinuousClock()
  await body()
  var perOperation: [Double] = []
  for _ in 0..<samples {
    var repetitions = 0
    let start = clock.now
    var elapsed = Duration.zero
    repeat {
      await body()
      repetitions += 1
      elapsed = start.duration(to: clock.now)
    } while elapsed < minimumSample
    perOperation.append(nanoseconds(elapsed) / Double(repetitions * operations))
  }
  return median(perOperation)
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Prints a group's rows with their ratio to the group's baseline.
func printGroup(_ title: String, _ rows: [Measurement], unit: String = "ns/op") {
  let nameWidth = max(rows.map(\.name.count).max() ?? 0, 9)
  print(title)
  print(
    "  " + "benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + "  \(unit.leftPadded(to: 12))  \("× baseline".leftPadded(to: 12))")
  let values = Dictionary(rows.map { ($0.name, $0.nanosecondsPerOperation) }) { a, _ in a }
  for row in rows {
    let ratio = row.baseline.flatMap { values[$0] }.map { row.nanosecondsPerOperation / $0 }
    print(
      "  " + row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + "  \(format(row.nanosecondsPerOperation).leftPadded(to: 12))"
        + "  \((ratio.map(format) ?? "(baseline)").leftPadded(to: 12))")
  }
  print()
}

/// Bytes allocated and not yet freed, from glibc's allocator statistics.
func allocatedBytes() -> Int {
  Int(cmallocinfo_allocated_bytes())
}
