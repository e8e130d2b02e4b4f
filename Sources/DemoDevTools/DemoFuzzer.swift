import ComposableArchitecture
import DemoApp
import DemoSupport
import Foundation
import IssueReporting
import Synchronization
import TerminalUI

/// Random input for the whole app, from a seed: the study it opens on, the screen size, and a
/// tape of raw input bytes (printable text, control bytes, partial and malformed escape
/// sequences, invalid UTF-8, pastes up to 100 KB, mouse reports whole, cut and malformed),
/// resizes down to 1×1 and clock advances.
///
/// For example, the case of seed 7 and whether the app survives it:
///
/// ```swift
/// let failure = await DemoFuzzer.run(DemoFuzzer.makeCase(seed: 7))
/// ```
///
/// Ctrl-C and `q` are never generated, so that a case explores rather than quits.
public struct FuzzCase: Sendable {
  /// The seed the case was made from.
  public var seed: UInt64
  /// The study the app opens on; `nil` for the menu.
  public var study: Study?
  /// The screen size at the start.
  public var size: Size
  /// The input.
  public var tape: KeyTape
  /// The theme drawn with (`--theme`).
  public var theme = "dark"
  /// The colour depth drawn at (`--colors`).
  public var colors = ColorDepth.trueColor
  /// Whether the inspector is open from the start (`--inspect`).
  public var inspect = false
}

/// What went wrong with a fuzz case, and how to replay it.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
  /// The case.
  public var fuzzCase: FuzzCase
  /// The step after which an invariant broke (0-based).
  public var step: Int
  /// The broken invariants.
  public var problems: [String]

  public var description: String {
    "seed \(fuzzCase.seed): after step \(step + 1) of \(fuzzCase.tape.steps.count): "
      + problems.joined(separator: "; ")
  }

  /// The command line that replays the case from its tape at `path`.
  public func replayCommand(tapePath path: String) -> String {
    DemoFuzzer.replayCommand(for: fuzzCase, tapePath: path)
  }
}

/// Makes and runs fuzz cases against the headless app.
@MainActor
public enum DemoFuzzer {
  /// The command line that replays `fuzzCase` from its tape at `path`.
  nonisolated public static func replayCommand(for fuzzCase: FuzzCase, tapePath path: String)
    -> String
  {
    "composable-demo --replay \(path)"
      + (fuzzCase.study.map { " --open \($0.rawValue)" } ?? "")
      + " --size \(fuzzCase.size.width)x\(fuzzCase.size.height)"
      + " --theme \(fuzzCase.theme) --colors \(fuzzCase.colors.name)"
      + (fuzzCase.inspect ? " --inspect" : "")
  }

  /// The case of `seed`: the same seed always gives the same case.
  ///
  /// - Parameter mouse: Whether mouse reports are mixed in (from a generator of their own, so
  ///   that the rest of the case is the same either way: a seed found before the mouse existed
  ///   replays as it was with `mouse: false`). The theme and the colour depth come from the
  ///   seed's low bits, drawing nothing from the generators.
  /// - Parameter inspector: Whether the time-travel inspector takes part: a quarter of the
  ///   cases open it from the start (`--inspect`, from the seed's bits), and F12 presses are
  ///   mixed in from a generator of their own (so, as with the mouse, the rest of the case is
  ///   the same either way). The arrows, Home, End, `e` and Esc that step, export and leave come
  ///   from the main generator, as they always did.
  public static func makeCase(
    seed: UInt64, mouse: Bool = true, inspector: Bool = true
  ) -> FuzzCase {
    var random = SplitMix64(seed: seed)
    let studies: [Study?] = [nil] + Study.allCases.map(Optional.some)
    let study = studies[random.below(studies.count)]
    let size =
      random.chance(0.7)
      ? Size(width: 80, height: 24)
      : Size(width: 1 + random.below(200), height: 1 + random.below(60))
    var steps: [KeyTape.Step] = []
    var mouseRandom = SplitMix64(seed: seed ^ 0x6D6F_7573_6521)
    var inspectorRandom = SplitMix64(seed: seed ^ 0x696E_7370_6563)
    for _ in 0..<(5 + random.below(36)) {
      steps.append(randomStep(&random))
      if mouse, mouseRandom.chance(0.3) { steps.append(mouseStep(&mouseRandom, size: size)) }
      if inspector, inspectorRandom.chance(0.08) { steps.append(.bytes(Array("\u{1B}[24~".utf8))) }
    }
    return FuzzCase(
      seed: seed, study: study, size: size, tape: KeyTape(steps: steps),
      theme: Theme.all[Int(seed % 2)].name,
      colors: ColorDepth.allCases[Int(seed / 2 % UInt64(ColorDepth.allCases.count))],
      inspect: inspector && seed / 10 % 4 == 0)
  }

  /// Plays the case step by step on the headless app (the same way `--replay` plays its
  /// tape) and checks the invariants after each step; returns the first failure.
  ///
  /// An issue reported while the case runs (a `forEach` sent an action for a missing element,
  /// an effect still running, any warning the app would put on its status line) fails the case
  /// too, at the step that reported it.
  public static func run(_ fuzzCase: FuzzCase) async -> FuzzFailure? {
    let issues = ReportedIssues()
    return await withIssueReporters([issues]) {
      await run(fuzzCase, issues: issues)
    }
  }

  private static func run(_ fuzzCase: FuzzCase, issues: ReportedIssues) async -> FuzzFailure? {
    var configuration: DemoConfiguration
    let demo: HeadlessDemo
    // The inspector's exports go to a folder of the case's own, removed after it.
    let exports = FileManager.default.temporaryDirectory
      .appendingPathComponent("composable-fuzz-exports-\(getpid())-\(fuzzCase.seed)")
    do {
      configuration = try DemoConfiguration(
        open: fuzzCase.study?.rawValue, deepLink: nil, stateDirectory: NSTemporaryDirectory(),
        logFile: nil, replay: "fuzz", record: nil,
        size: "\(fuzzCase.size.width)x\(fuzzCase.size.height)", noColor: false,
        theme: fuzzCase.theme, colors: fuzzCase.colors.name, inspect: fuzzCase.inspect,
        environment: [:])
      configuration.exportDirectory = exports
      demo = try HeadlessDemo(configuration)
    } catch {
      return FuzzFailure(fuzzCase: fuzzCase, step: -1, problems: ["cannot start: \(error)"])
    }
    let reportedAtStart = issues.take()
    if !reportedAtStart.isEmpty {
      return FuzzFailure(fuzzCase: fuzzCase, step: -1, problems: reportedAtStart)
    }
    defer {
      try? FileManager.default.removeItem(at: exports)
    }
    for (index, step) in fuzzCase.tape.steps.enumerated() {
      await demo.play(KeyTape(steps: [step]))
      let problems = issues.take() + invariantProblems(demo)
      if !problems.isEmpty {
        return FuzzFailure(fuzzCase: fuzzCase, step: index, problems: problems)
      }
    }
    return nil
  }

  /// What is wrong with the app now, if anything: a frame that does not fit the screen, a
  /// cursor off it, repeated stack ids, stats out of order, focus on no control, the app
  /// having quit.
  static func invariantProblems(_ demo: HeadlessDemo) -> [String] {
    var problems: [String] = []
    let buffer = demo.backend.buffer
    let size = demo.backend.size
    if buffer.size != size {
      problems.append(
        "the frame is \(buffer.size.width)x\(buffer.size.height) on a \(size.width)x\(size.height) screen"
      )
    }
    for (row, line) in buffer.lines.enumerated() where displayWidth(line) != size.width {
      problems.append("row \(row) is \(displayWidth(line)) cells wide, not \(size.width)")
    }
    if let cursor = buffer.cursor,
      !(0..<size.width).contains(cursor.x) || !(0..<size.height).contains(cursor.y)
    {
      problems.append("the cursor is at \(cursor.x),\(cursor.y), off the screen")
    }
    let app = demo.app
    let depth = app.noColor ? ColorDepth.monochrome : app.colorDepth
    let outOfDepth = buffer.cells.filter { $0.style.degraded(to: depth) != $0.style }.count
    if outOfDepth > 0 {
      problems.append("\(outOfDepth) cells have colours a \(depth.name)-colour terminal lacks")
    }
    if app.focusableCount > 0, app.focusedIndex != -1,
      !(0..<app.focusableCount).contains(app.focusedIndex)
    {
      problems.append("focus is on control \(app.focusedIndex) of \(app.focusableCount)")
    }
    if app.isFinished { problems.append("the app quit") }
    let inspector = demo.inspector
    if app.isPreviewing != inspector.isFocused {
      problems.append(
        "the app is \(app.isPreviewing ? "" : "not ")a preview while the inspector "
          + "\(inspector.isFocused ? "has" : "does not have") the keys")
    }
    if !inspector.isFocused, let travelled = inspector.history?.travelledSequence {
      problems.append("the app shows entry \(travelled) while it has the keys")
    }
    if let history = inspector.history, let selected = inspector.selectedSequence,
      !(history.firstSequence..<history.lastSequence).contains(selected)
    {
      problems.append(
        "entry \(selected) is selected, outside \(history.firstSequence)...\(history.lastSequence)")
    }
    let state = demo.store.state
    problems += state.path.repeatedIDProblems(name: "the app's stack")
    for element in state.path {
      func check<S: CaseStudy>(_ study: S.Type) -> [String] {
        element[study].map(study.problems(in:)) ?? []
      }
      problems += check(element.study)
    }
    return problems
  }

  private static func randomStep(_ random: inout SplitMix64) -> KeyTape.Step {
    switch random.below(100) {
    case 0..<30: return .bytes(printable(&random))
    case 30..<52: return .bytes(namedKeys[random.below(namedKeys.count)])
    case 52..<60: return .bytes((0..<(1 + random.below(4))).map { _ in controlByte(&random) })
    case 60..<70: return .bytes(malformedEscapes[random.below(malformedEscapes.count)])
    case 70..<78: return .bytes(invalidUTF8[random.below(invalidUTF8.count)])
    case 78..<81: return .bytes(paste(&random))
    case 81..<89: return .resize(sizes[random.below(sizes.count)])
    default: return .advance(.milliseconds(100 * (1 + random.below(30))))
    }
  }

  /// Mouse reports over the screen and just off it: clicks, wheel turns, drags and releases in
  /// the SGR form, now and then in the legacy form, cut short, or malformed.
  private static func mouseStep(_ random: inout SplitMix64, size: Size) -> KeyTape.Step {
    let x = 1 + random.below(max(1, size.width) + 2)
    let y = 1 + random.below(max(1, size.height) + 2)
    let codes = [0, 0, 0, 2, 64, 65, 32, 1, 66]
    let code = codes[random.below(codes.count)]
    let release = random.chance(0.2)
    let report: [UInt8]
    switch random.below(10) {
    case 0:
      // Legacy: ESC [ M and three bytes.
      report = [
        0x1B, 0x5B, 0x4D, UInt8(32 + code), UInt8(min(255, 32 + x)), UInt8(min(255, 32 + y)),
      ]
    case 1:
      let whole = Array("\u{1B}[<\(code);\(x);\(y)M".utf8)
      report = Array(whole.prefix(1 + random.below(whole.count - 1)))
    case 2:
      report = Array("\u{1B}[<\(code);\(x)M".utf8)
    default:
      report = Array("\u{1B}[<\(code);\(x);\(y)\(release ? "m" : "M")".utf8)
    }
    return .bytes(report)
  }

  private static func printable(_ random: inout SplitMix64) -> [UInt8] {
    let pieces = [
      "a", "b", "Z", "7", "@", ".", "-", "+", " ", "é", "日本", "🎉", "e\u{301}", "1", "2",
    ]
    var text = ""
    for _ in 0..<(1 + random.below(12)) { text += pieces[random.below(pieces.count)] }
    return Array(text.utf8)
  }

  private static func controlByte(_ random: inout SplitMix64) -> UInt8 {
    let byte = UInt8(random.below(32))
    return byte == 0x03 ? 0x04 : byte  // never Ctrl-C
  }

  private static func paste(_ random: inout SplitMix64) -> [UInt8] {
    let length = random.chance(0.2) ? 100_000 : 1 + random.below(200)
    var body: [UInt8] = []
    body.reserveCapacity(length)
    for index in 0..<length {
      body.append(index % 61 == 60 ? 0x0A : UInt8(ascii: "a") + UInt8(random.below(26)))
    }
    return Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
  }

  private static let namedKeys: [[UInt8]] = [
    [0x09], Array("\u{1B}[Z".utf8), [0x0D], [0x7F], [0x1B], Array("\u{1B}[A".utf8),
    Array("\u{1B}[B".utf8), Array("\u{1B}[C".utf8), Array("\u{1B}[D".utf8),
    Array("\u{1B}[H".utf8), Array("\u{1B}[F".utf8), Array("\u{1B}[5~".utf8),
    Array("\u{1B}[6~".utf8), Array("\u{1B}[3~".utf8), Array("\u{1B}OP".utf8), [0x0E], [0x13],
    [0x04], [0x18], [0x20], Array("+".utf8), Array("-".utf8), Array("?".utf8), Array("1".utf8),
    Array("2".utf8), Array("p".utf8), Array("f".utf8), Array("r".utf8), Array("s".utf8),
    Array("a".utf8), Array("d".utf8), Array("e".utf8), Array("n".utf8), Array("l".utf8),
    Array("t".utf8),
  ]

  private static let malformedEscapes: [[UInt8]] = [
    [0x1B, 0x5B], [0x1B, 0x5B, 0x31], [0x1B, 0x5B, 0x39, 0x39, 0x39, 0x39, 0x39, 0x7E],
    [0x1B, 0x4F], [0x1B, 0x1B], [0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0xFF],
    [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0x61], [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E],
    [0x1B, 0x5B, 0x31, 0x3B, 0x35],
  ]

  private static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xFE, 0x41], [0xC3], [0xE2, 0x82], [0x80, 0x80], [0xF0, 0x9F, 0x98], [0xC0, 0xAF],
    [0xED, 0xA0, 0x80],
  ]

  private static let sizes: [Size] = [
    Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 1, height: 2),
    Size(width: 10, height: 3), Size(width: 40, height: 12), Size(width: 80, height: 24),
    Size(width: 200, height: 60), Size(width: 0, height: 0),
  ]
}

/// Every issue reported while a fuzz case runs, as problems of the case.
private final class ReportedIssues: IssueReporter, Sendable {
  private let messages = Mutex<[String]>([])

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = "reported at \(fileID):\(line): \(message() ?? "an issue")"
    messages.withLock { $0.append(text) }
  }

  /// The issues reported since the last call.
  func take() -> [String] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}

/// A small, fast, seedable random number generator (SplitMix64).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `p`.
  mutating func chance(_ p: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < p
  }
}
