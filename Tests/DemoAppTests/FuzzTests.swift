import DemoApp
import DemoDevTools
import Foundation
import TerminalUI
import Testing

/// A slice of `make fuzz` (which runs 10,000 cases): every study survives random input.
@MainActor
struct FuzzTests {
  /// How many cases `make test` runs; `FUZZ_COUNT` changes it.
  static var count: Int {
    ProcessInfo.processInfo.environment["FUZZ_COUNT"].flatMap(Int.init) ?? 150
  }

  /// Seeds that once found a bug, kept as regressions (played as they were found, without the
  /// mouse reports later cases mix in): 261 pasted 100 KB into the inventory form, whose field
  /// then took minutes per frame to find what to show; 1917 saved such a name, whose row took
  /// minutes to end with an ellipsis.
  static let regressions: [UInt64] = [261, 1917]

  /// Seeds found since, played as `make fuzz` makes them: 201419 pressed Esc and Enter in one
  /// read on the settings study, popping it and opening it again before a frame was drawn; the
  /// new screen shared the popped one's `.task`, which sent the settings it observed to an
  /// element that was gone (a `forEach` warning), and the new screen observed nothing.
  static let foundLater: [UInt64] = [201419]

  @Test func randomInputNeverBreaksAnInvariant() async throws {
    var failures: [String] = []
    let cases =
      (1...UInt64(Self.count)).map { DemoFuzzer.makeCase(seed: $0) }
      + Self.regressions.map { DemoFuzzer.makeCase(seed: $0, mouse: false, inspector: false) }
      + Self.foundLater.map { DemoFuzzer.makeCase(seed: $0) }
    for fuzzCase in cases {
      let seed = fuzzCase.seed
      if let failure = await DemoFuzzer.run(fuzzCase) {
        let path = FileManager.default.temporaryDirectory
          .appendingPathComponent("fuzz-seed-\(seed).tape").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(fuzzCase.tape.text.utf8))
        failures.append("\(failure)\n  replay: \(failure.replayCommand(tapePath: path))")
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test func theCasesCoverEveryStudyResizesPastesAndBadInput() {
    var studies = Set<String>()
    var sawTinyScreen = false
    var sawBigPaste = false
    var sawInvalidUTF8 = false
    var sawClick = false
    var sawF12 = false
    var inspectedFromTheStart = 0
    for seed in 1...UInt64(Self.count) {
      let fuzzCase = DemoFuzzer.makeCase(seed: seed)
      studies.insert(fuzzCase.study?.rawValue ?? "menu")
      if fuzzCase.inspect { inspectedFromTheStart += 1 }
      for step in fuzzCase.tape.steps {
        switch step {
        case .resize(let size) where size.width <= 1 && size.height <= 1: sawTinyScreen = true
        case .bytes(let bytes) where bytes.count > 100_000: sawBigPaste = true
        case .bytes(let bytes) where bytes.contains(0xFF) || bytes == [0xC3]: sawInvalidUTF8 = true
        case .bytes(let bytes) where bytes.starts(with: Array("\u{1B}[<0;".utf8)): sawClick = true
        case .bytes(let bytes) where bytes == Array("\u{1B}[24~".utf8): sawF12 = true
        default: break
        }
      }
    }
    #expect(studies.count == Study.allCases.count + 1)
    #expect(sawTinyScreen && sawBigPaste && sawInvalidUTF8 && sawClick && sawF12)
    #expect(inspectedFromTheStart > 0)
  }

  @Test func aCasesTapeReadsBackAsTheSameInput() throws {
    for seed in 1...UInt64(20) {
      let tape = DemoFuzzer.makeCase(seed: seed).tape
      #expect(try KeyTape(parsing: tape.text) == tape, "seed \(seed)")
    }
  }

  @Test func theSameSeedMakesTheSameCase() {
    #expect(DemoFuzzer.makeCase(seed: 42).tape == DemoFuzzer.makeCase(seed: 42).tape)
    #expect(DemoFuzzer.makeCase(seed: 42).tape != DemoFuzzer.makeCase(seed: 43).tape)
  }
}
