import Benchmark
import ComposableArchitecture
import Foundation

// `make bench`: release-mode measurements, each printed against a baseline measured in the same
// run, so the ratios hold on any machine.

let checksPerIteration = 10_000

/// A group of benchmarks: the first is the baseline the others are compared with.
struct Group {
  let title: String
  let unit: String
  let perIteration: Double
  let suite: BenchmarkSuite
}

func equalityGroup() -> Group {
  let plain = opaque(makePlain1000())
  let plainCopy = plain
  let array = opaque(makeArray100000())
  let arrayCopy = array
  let presentation = opaque(makePresentation100000())
  let presentationCopy = presentation

  let suite = BenchmarkSuite(name: "S2 equality") { suite in
    suite.benchmark("plain Ten³, 1,000 fields inline") {
      for _ in 0..<checksPerIteration { compare(plain, plainCopy) }
    }
    suite.benchmark("array-boxed Ten⁵, 100,000 fields") {
      for _ in 0..<checksPerIteration { compare(array, arrayCopy) }
    }
    suite.benchmark("PresentationState Ten⁵, 100,000 fields") {
      for _ in 0..<checksPerIteration { compare(presentation, presentationCopy) }
    }
  }
  return Group(
    title: "S2: 10,000 equality checks of values sharing storage",
    unit: "ns/check",
    perIteration: Double(checksPerIteration),
    suite: suite
  )
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

func format(_ value: Double) -> String {
  if value >= 100 { return String(format: "%.0f", value) }
  if value >= 1 { return String(format: "%.2f", value) }
  return String(format: "%.4f", value)
}

func run(_ group: Group) throws {
  var runner = BenchmarkRunner(
    suites: [group.suite],
    settings: [Format(.none), Quiet(true), MinTime(seconds: 0.5)]
  )
  try runner.run()
  let rows = runner.results.map { result in
    (name: result.benchmarkName, value: median(result.measurements) / group.perIteration)
  }
  guard let baseline = rows.first else { return }
  let nameWidth = max(rows.map(\.name.count).max() ?? 0, 9)
  print(group.title)
  print(
    "  " + "benchmark".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + "  \(group.unit.leftPadded(to: 12))  \("× baseline".leftPadded(to: 12))  faster")
  for row in rows {
    let ratio = row.value / baseline.value
    let speedup = baseline.value / row.value
    print(
      "  " + row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + "  \(format(row.value).leftPadded(to: 12))  \(format(ratio).leftPadded(to: 12))"
        + "  \(row.name == baseline.name ? "(baseline)" : "\(format(speedup))×")")
  }
  print()
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

var failed = false

print("Release-mode benchmarks (medians; ratios against the first row of each group)\n")
do {
  try run(equalityGroup())
} catch {
  print("benchmark failed: \(error)")
  failed = true
}

print("Checks")
for depth in [2_000] {
  if let failure = checkDeepNesting(depth: depth) {
    print("  ✘ a state nested \(depth) levels through PresentationState: \(failure)")
    failed = true
  } else {
    print("  ✔ a state nested \(depth) levels through PresentationState copies, compares, mutates")
  }
}
if equalAnswers == 0 {
  print("  ✘ no comparison answered equal: the benchmarks measured nothing")
  failed = true
}
exit(failed ? 1 : 0)
