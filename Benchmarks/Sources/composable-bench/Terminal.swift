import ComposableArchitecture
import Foundation
import Observation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

// Terminal workloads: keystroke → frame on the headless backend (decode, send, render, diff),
// frames per keystroke, frames for changes the screen does not read.

/// Per-keystroke figures for one screen at one size.
struct KeystrokeFigures {
  let name: String
  let median: Double
  let p99: Double
  let framesPerKeystroke: Double
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
  return sorted[index]
}

/// Times each keystroke from its bytes to the flushed frame: `keys` gives the bytes of the
/// n-th keystroke.
@MainActor
func timeKeystrokes(
  name: String, app: Application, count: Int, keys: (Int) -> [UInt8]
) -> KeystrokeFigures {
  let clock = ContinuousClock()
  var decoder = KeyDecoder()
  app.renderIfNeeded()
  for index in 0..<200 { app.handle(decoder.decode(keys(index))) }
  let framesBefore = app.frameCount
  var samples: [Double] = []
  samples.reserveCapacity(count)
  for index in 0..<count {
    let bytes = keys(index)
    let start = clock.now
    app.handle(decoder.decode(bytes))
    samples.append(nanoseconds(start.duration(to: clock.now)))
  }
  return KeystrokeFigures(
    name: name, median: percentile(samples, 0.5), p99: percentile(samples, 0.99),
    framesPerKeystroke: Double(app.frameCount - framesBefore) / Double(count))
}

/// Types `count` keys into the basics step at 80×24, as its keystroke benchmark does.
@MainActor
func typeIntoBasics(_ count: Int) {
  let app = basicsScreen(Size(width: 80, height: 24)).app
  var decoder = KeyDecoder()
  app.renderIfNeeded()
  for index in 0..<count { app.handle(decoder.decode(typingBytes(index))) }
}

/// Typing into the email field: 30 letters, then 30 backspaces, over and over, so the field
/// stays short and every keystroke changes what is drawn.
func typingBytes(_ index: Int) -> [UInt8] {
  index % 60 < 30 ? [UInt8(ascii: "a") + UInt8(index % 26)] : [0x7F]
}

/// The selection of a list screen.
@MainActor
@Observable
final class ListSelection {
  var row: Int?
  init(row: Int) { self.row = row }
}

/// A focused list of `rows` rows (a `Range`, so random access) at 80×24, its selection on the
/// tenth row, where ↓ and ↑ do not scroll: the two lists draw the same frames.
@MainActor
func listScreen(rows: Int) -> Application {
  let selection = ListSelection(row: 10)
  let binding = Binding<Int?>(get: { selection.row }, set: { selection.row = $0 })
  return Application(backend: HeadlessBackend(width: 80, height: 24)) {
    List(0..<rows, id: \.self, selection: binding) { row in
      Text("Row \(row)")
    }
  }
}

/// A focused table of `rows` rows in three columns (one sized to the rows in view) at 80×24,
/// its selection on the tenth row.
@MainActor
func tableScreen(rows: Int) -> Application {
  let selection = ListSelection(row: 10)
  let binding = Binding<Int?>(get: { selection.row }, set: { selection.row = $0 })
  return Application(backend: HeadlessBackend(width: 80, height: 24)) {
    Table(0..<rows, id: \.self, selection: binding) {
      TableColumn("Row", width: .fit, alignment: .trailing) { "\($0 + 1)" }
      TableColumn("Name") { "Item number \($0 + 1)" }
      TableColumn("Square", width: .fixed(14), alignment: .trailing) { "\($0 * $0)" }
    }
  }
}

/// ↓ and ↑ in turn: every key moves the selection, so every key draws a frame.
func downUpBytes(_ index: Int) -> [UInt8] {
  index.isMultiple(of: 2) ? [0x1B, 0x5B, 0x42] : [0x1B, 0x5B, 0x41]
}

@MainActor
func keystrokeGroup() async -> (rows: [Measurement], figures: [KeystrokeFigures]) {
  let group = "Terminal"
  var figures: [KeystrokeFigures] = []
  for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
    let label = "\(size.width)×\(size.height)"
    let basics = basicsScreen(size)
    figures.append(
      timeKeystrokes(
        name: "keystroke → frame, basics step \(label)", app: basics.app, count: 5_000,
        keys: typingBytes))
    let counter = counterTabScreen(size)
    figures.append(
      timeKeystrokes(
        name: "keystroke → frame, counter tab \(label)", app: counter.app, count: 5_000,
        keys: { _ in [UInt8(ascii: "+")] }))
  }
  for rows in [20, 100_000] {
    figures.append(
      timeKeystrokes(
        name: "keystroke → frame, list of \(rows == 20 ? "20" : "100,000") rows 80×24",
        app: listScreen(rows: rows), count: 5_000, keys: downUpBytes))
  }
  for rows in [20, 100_000] {
    figures.append(
      timeKeystrokes(
        name: "keystroke → frame, table of \(rows == 20 ? "20" : "100,000") rows 80×24",
        app: tableScreen(rows: rows), count: 5_000, keys: downUpBytes))
  }
  let baselineStore = basicsScreen(Size(width: 80, height: 24)).store
  var decoder = KeyDecoder()
  var typed = ""
  let baseline = await measure(operations: 60) {
    for index in 0..<60 {
      for event in decoder.decode(typingBytes(index)) {
        if case .character(let character) = event {
          typed.append(character)
        } else if !typed.isEmpty {
          typed.removeLast()
        }
      }
      baselineStore.send(.binding(.set(\.signUpData.email, typed)))
    }
  }
  let base = "decode + send, no render (basics)"
  var rows = [
    Measurement(group: group, name: base, nanosecondsPerOperation: baseline, baseline: nil)
  ]
  for figure in figures {
    rows.append(
      Measurement(
        group: group, name: figure.name + " (median)", nanosecondsPerOperation: figure.median,
        baseline: base))
    rows.append(
      Measurement(
        group: group, name: figure.name + " (p99)", nanosecondsPerOperation: figure.p99,
        baseline: base))
  }
  return (rows, figures)
}

/// Frames drawn for 1,000 ticks of a timer in a counter covered by another: state the screen
/// on top never reads.
@MainActor
func unreadChangeFrames() -> Int {
  let screen = coveredTimerScreen()
  screen.app.renderIfNeeded()
  let before = screen.app.frameCount
  for _ in 0..<1_000 {
    screen.store.send(.path(.element(id: screen.covered, action: .counter(.timerTicked))))
    screen.app.renderIfNeeded()
  }
  let ticked = screen.store.path[id: screen.covered]?.counter?.secondsElapsed
  precondition(
    ticked == 1_000, "the covered counter's timer ticked \(String(describing: ticked)) times")
  return screen.app.frameCount - before
}

/// What a counted screen's bodies were asked for: the views it holds, and how many bodies were
/// evaluated over the frames the keystrokes drew.
@MainActor
final class BodyEvaluations {
  var count = 0
}

/// A view that counts its body's evaluations.
struct CountedLabel: View {
  let evaluations: BodyEvaluations
  let text: String

  var body: some View {
    let _ = evaluations.count += 1
    Text(text)
  }
}

/// The typed text of the counted screen.
@MainActor
@Observable
final class CountedText {
  var text = ""
}

/// A screen of counted views in every container a screen is made of (stacks, a group, a box, a
/// list of rows, a title), with a field that each keystroke edits: 12 bodies in all.
struct CountedScreen: View {
  let evaluations: BodyEvaluations
  @Bindable var model: CountedText

  var body: some View {
    let _ = evaluations.count += 1
    Box(title: "Counted") {
      VStack {
        TextField("Text", text: $model.text)
        HStack {
          CountedLabel(evaluations: evaluations, text: "a")
          CountedLabel(evaluations: evaluations, text: "b")
        }
        TerminalUI.Group {
          CountedLabel(evaluations: evaluations, text: "typed \(model.text.count)")
        }
        ForEach(["d", "e", "f", "g", "h", "i", "j"]) { label in
          CountedLabel(evaluations: evaluations, text: label)
        }
        CountedLabel(evaluations: evaluations, text: "k")
      }
      .navigationTitle("Counted")
    }
  }
}

/// Body evaluations per frame while typing into the counted screen, and how many views it has.
@MainActor
func bodyEvaluationsPerFrame() -> (perFrame: Double, views: Int) {
  let evaluations = BodyEvaluations()
  let model = CountedText()
  let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
    CountedScreen(evaluations: evaluations, model: model)
  }
  app.renderIfNeeded()
  let views = evaluations.count
  var decoder = KeyDecoder()
  evaluations.count = 0
  let frames = app.frameCount
  for index in 0..<1_000 { app.handle(decoder.decode(typingBytes(index))) }
  return (Double(evaluations.count) / Double(app.frameCount - frames), views)
}

/// A budget: what must hold, what was measured, and whether it held.
struct Budget {
  let description: String
  let measured: String
  let holds: Bool
}

/// Runs and prints the terminal workloads; returns their rows and budgets.
@MainActor
func terminalSection() async -> (rows: [Measurement], budgets: [Budget], ptyStarted: Bool) {
  let terminal = await keystrokeGroup()
  printGroup(GroupTitle.keystroke, terminal.rows)
  var budgets: [Budget] = []
  for figure in terminal.figures where figure.name.hasSuffix("80×24") {
    budgets.append(
      Budget(
        description: "\(figure.name): p99 ≤ 1 ms",
        measured: "\(format(figure.p99 / 1e3)) µs", holds: figure.p99 <= 1e6))
  }
  for kind in ["list", "table"] {
    let pair = terminal.figures.filter { $0.name.contains("\(kind) of") }
    guard pair.count == 2 else { continue }
    let ratio = pair[1].median / pair[0].median
    budgets.append(
      Budget(
        description: "a key in a 100,000-row \(kind) ≤ 2× one in a 20-row \(kind) (median)",
        measured: "\(format(ratio))×", holds: ratio <= 2))
  }
  // Issue 21, point 5.
  let budgetsByScreen: [(name: String, median: Double?, p99: Double?)] = [
    ("keystroke → frame, basics step 80×24", 60e3, 250e3),
    ("keystroke → frame, basics step 200×60", 150e3, nil),
  ]
  for (name, median, p99) in budgetsByScreen {
    guard let figure = terminal.figures.first(where: { $0.name == name }) else { continue }
    if let median {
      budgets.append(
        Budget(
          description: "\(name): median ≤ \(format(median / 1e3)) µs",
          measured: "\(format(figure.median / 1e3)) µs", holds: figure.median <= median))
    }
    if let p99 {
      budgets.append(
        Budget(
          description: "\(name): p99 ≤ \(format(p99 / 1e3)) µs",
          measured: "\(format(figure.p99 / 1e3)) µs", holds: figure.p99 <= p99))
    }
  }
  let bodies = bodyEvaluationsPerFrame()
  budgets.append(
    Budget(
      description:
        "typing evaluates 2 of the \(bodies.views) bodies a frame (the screen and the label that"
        + " reads the text)",
      measured: "\(format(bodies.perFrame)) evaluations per frame",
      holds: bodies.perFrame == 2))
  let boardBodies = bodiesForOneLabelChanged()
  budgets.append(
    Budget(
      description:
        "one label of 200 changed on a 200×60 screen evaluates 2 bodies (the board and the label)",
      measured: "\(boardBodies) bodies", holds: boardBodies == 2))
  for figure in terminal.figures {
    budgets.append(
      Budget(
        description: "exactly 1 frame per keystroke (\(figure.name))",
        measured: "\(format(figure.framesPerKeystroke))", holds: figure.framesPerKeystroke == 1))
  }
  let unreadFrames = unreadChangeFrames()
  budgets.append(
    Budget(
      description: "0 frames for 1,000 ticks of a covered counter's timer",
      measured: "\(unreadFrames)", holds: unreadFrames == 0))
  guard let pty = ptyFigures() else {
    print("Terminal (pseudo-terminal): could not start the child on a pty\n")
    return (terminal.rows, budgets, false)
  }
  let firstFrame = median(pty.firstFrameMilliseconds)
  let worstBytes = pty.bytesPerCharacter.max() ?? .max
  print(
    "Terminal (ncurses backend through a pseudo-terminal, 80×24, \(pty.firstFrameMilliseconds.count) runs)"
  )
  print(
    "  process start → first frame: median \(format(firstFrame)) ms, "
      + "worst \(format(pty.firstFrameMilliseconds.max() ?? .nan)) ms")
  print(
    "  bytes written per typed character: median "
      + "\(format(median(pty.bytesPerCharacter.map(Double.init)))), worst \(worstBytes)")
  let backToBack = median(pty.backToBackMilliseconds)
  print(
    "  key → its character on the terminal: back to back median \(format(backToBack)) ms, "
      + "after a quiet screen median \(format(median(pty.pacedMilliseconds))) ms\n")
  budgets.append(
    Budget(
      description: "key → screen back to back ≤ 2 ms (median, ncurses, pty)",
      measured: "\(format(backToBack)) ms", holds: backToBack <= 2))
  budgets.append(
    Budget(
      description: "≤ 64 bytes written per typed character (ncurses, pty)",
      measured: "\(worstBytes) bytes (worst)", holds: worstBytes <= 64))
  budgets.append(
    Budget(
      description:
        "process start → first frame ≤ 150 ms (median of \(pty.firstFrameMilliseconds.count))",
      measured: "\(format(firstFrame)) ms", holds: firstFrame <= 150))
  return (terminal.rows, budgets, true)
}
