// Fuzzes the whole demo app headless: `make fuzz` runs 10,000 seeded cases.
//
//   composable-fuzz [--count N] [--first-seed S] [--tapes DIR]
//   composable-fuzz --soak MINUTES      (the soak run; `make soak` runs 60 minutes)
//
// Before each case its tape is written to DIR/current.tape, so a crash leaves the input that
// caused it; a case that breaks an invariant is kept as DIR/seed-S.tape with the command that
// replays it. Every 500 cases it prints the resident memory (each case is an app instance of
// its own) and malloc's heap in use (what is kept alive, without the memory malloc keeps for
// reuse). A case fails when an invariant breaks or the app reports an issue; the run fails
// when the heap in use at its last report is over 1 MiB above the figure at 500 cases. Exits 1
// on any failure.
import DemoApp
import DemoDevTools
import Foundation

@MainActor
func fuzz() async -> Int32 {
  var count = 10_000
  var firstSeed: UInt64 = 1
  var tapes = ".build/fuzz"
  var soakMinutes: Int?
  var arguments = CommandLine.arguments.dropFirst()
  while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
      FileHandle.standardError.write(Data("composable-fuzz: \(option) needs a value\n".utf8))
      return 2
    }
    switch option {
    case "--count": count = Int(value) ?? count
    case "--first-seed": firstSeed = UInt64(value) ?? firstSeed
    case "--tapes": tapes = value
    case "--soak": soakMinutes = Int(value)
    default:
      FileHandle.standardError.write(
        Data(
          "composable-fuzz: unknown option \(option); use --count, --first-seed, --tapes, --soak\n"
            .utf8))
      return 2
    }
  }
  if let soakMinutes {
    let report = await DemoSoak.run(minutes: soakMinutes)
    print(report)
    return report.problems.isEmpty ? 0 : 1
  }
  try? FileManager.default.createDirectory(atPath: tapes, withIntermediateDirectories: true)
  let started = ContinuousClock.now
  var failures = 0
  // The heap after the first 500 cases, and at the last report: it may grow this much (the
  // runtime's caches of types and conformances fill as new code runs).
  var heapAfterWarmUp: Int?
  var heapAtTheEnd: Int?
  let allowedHeapGrowth = 1 << 20
  var steps = 0
  var bytes = 0
  for seed in firstSeed..<(firstSeed + UInt64(count)) {
    let fuzzCase = DemoFuzzer.makeCase(seed: seed)
    steps += fuzzCase.tape.steps.count
    for step in fuzzCase.tape.steps { if case .bytes(let input) = step { bytes += input.count } }
    let current = "\(tapes)/current.tape"
    let header =
      "# seed \(seed): "
      + DemoFuzzer.replayCommand(for: fuzzCase, tapePath: current) + "\n"
    _ = FileManager.default.createFile(
      atPath: current, contents: Data((header + fuzzCase.tape.text).utf8))
    if let failure = await DemoFuzzer.run(fuzzCase) {
      failures += 1
      let path = "\(tapes)/seed-\(seed).tape"
      _ = FileManager.default.createFile(atPath: path, contents: Data(fuzzCase.tape.text.utf8))
      FileHandle.standardOutput.write(
        Data(
          "FAIL \(failure)\n  replay: \(DemoFuzzer.replayCommand(for: fuzzCase, tapePath: path))\n"
            .utf8))
    }
    let done = seed - firstSeed + 1
    if done % 500 == 0 {
      // Each case is an app instance of its own: a heap that grows here keeps something of
      // finished instances alive (resident memory also counts what malloc keeps for reuse).
      let resident = DemoSoak.residentBytes() >> 20
      let heap = DemoSoak.heapInUseBytes()
      if done == 500 { heapAfterWarmUp = heap }
      heapAtTheEnd = heap
      let line = "\(done) cases, \(failures) failed, resident memory \(resident) MiB"
      let heapText = heap.map { "\($0 >> 10) KiB" } ?? "unknown"
      FileHandle.standardOutput.write(Data("\(line), heap in use \(heapText)\n".utf8))
    }
  }
  if let before = heapAfterWarmUp, let after = heapAtTheEnd, after - before > allowedHeapGrowth {
    failures += 1
    print(
      "FAIL the heap in use grew from \(before >> 10) KiB at 500 cases to \(after >> 10) KiB: "
        + "finished app instances are kept alive")
  }
  try? FileManager.default.removeItem(atPath: "\(tapes)/current.tape")
  let elapsed = started.duration(to: .now)
  print(
    "fuzzed \(count) cases (seeds \(firstSeed)–\(firstSeed + UInt64(count) - 1)): \(steps) steps, "
      + "\(bytes) input bytes, \(failures) failed, in \(elapsed.components.seconds) s")
  return failures == 0 ? 0 : 1
}

exit(await fuzz())
