/// Ctrl-P's list of the commands that act now, as Textual's command palette: the same entries
/// the help bar and the `?` overlay show (a focused control's keys, the screen's shortcuts, back
/// and the application's keys), filtered as the user types, run with Enter or a click.
///
/// A command runs what its key does, without the key passing through the focused control
/// first: a screen's `k` runs from the palette while a text field, which would take a typed
/// `k` as text, has focus.
@MainActor
struct CommandPalette {
  /// A command: the name of its key, what it does, the key, whether it is the focused
  /// control's own (handed to the control) or the screen's, and whether it works now (a
  /// disabled one is listed, muted, and does not run).
  struct Command: Equatable {
    var key: String
    var label: String
    var event: KeyEvent
    var isControls: Bool
    var isEnabled = true
  }

  /// What the palette's keys do while it shows (it takes every key), as the help bar lists them.
  static let keyCommands = [
    KeyCommand("choose", keys: [.up, .down], shownAs: "↑/↓"),
    KeyCommand("run", keys: [.enter]),
    KeyCommand("close", keys: [.escape]),
  ]

  /// What the user typed to filter the commands.
  private(set) var query = ""
  /// The selected command, among those that match.
  private(set) var selection = 0
  /// Where the rows were drawn, top first, for the mouse.
  private(set) var rows: [Rect] = []

  /// What a key does to the palette.
  enum Outcome: Equatable {
    case stays
    case closes
    case runs(Command)
  }

  /// The commands of `help`, leaving out Tab, `?` and Ctrl-P, which move around the palette's
  /// own screen, and keys with no single key event (`←/→ tabs`).
  static func commands(
    _ entries: [FocusSession.HelpEntry], controlsOwn: [FocusSession.HelpEntry]
  ) -> [Command] {
    entries.compactMap { entry in
      guard !["tab", "shift-tab", "?", "ctrl-p"].contains(entry.key),
        let event = entry.keys.first ?? KeyTape.key(named: entry.key)
      else { return nil }
      let isControls = controlsOwn.contains { $0.key == entry.key }
      return Command(
        key: entry.key, label: entry.label, event: event, isControls: isControls,
        isEnabled: entry.isEnabled)
    }
  }

  /// The commands whose label or key holds the query's characters in order (case does not
  /// matter), the closest matches first: those whose characters sit together, then the rest
  /// in the order listed.
  func matches(_ commands: [Command]) -> [Command] {
    guard !query.isEmpty else { return commands }
    let wanted = Array(query.lowercased())
    let scored = commands.enumerated().compactMap { offset, command -> (Int, Int, Command)? in
      let text = Array("\(command.label) \(command.key)".lowercased())
      var next = 0
      var first: Int?
      var last = 0
      for (index, character) in text.enumerated() where next < wanted.count {
        if character == wanted[next] {
          first = first ?? index
          last = index
          next += 1
        }
      }
      guard next == wanted.count, let first else { return nil }
      return (last - first, offset, command)
    }
    return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
  }

  /// Applies a key: typing filters, ↑/↓ choose, Enter runs (a disabled command stays listed),
  /// Esc or Ctrl-P closes.
  mutating func handle(_ key: KeyEvent, among commands: [Command]) -> Outcome {
    let shown = matches(commands)
    switch key {
    case .escape, .ctrl("p"):
      return .closes
    case .enter:
      return shown.indices.contains(selection) && shown[selection].isEnabled
        ? .runs(shown[selection]) : .stays
    case .up, .backTab:
      selection = max(0, selection - 1)
    case .down, .tab:
      selection = min(max(0, shown.count - 1), selection + 1)
    case .backspace:
      if !query.isEmpty { query.removeLast() }
      selection = 0
    case .ctrl("u"):
      query = ""
      selection = 0
    case .character(let character):
      query.append(character)
      selection = 0
    case .paste(let text):
      query += text.filter { !$0.isNewline }
      selection = 0
    default:
      break
    }
    return .stays
  }

  /// A click runs the command under it (a disabled one does nothing); elsewhere, it closes the
  /// palette.
  func click(at position: Position, among commands: [Command]) -> Outcome {
    let shown = matches(commands)
    guard let row = rows.firstIndex(where: { $0.contains(position) }), shown.indices.contains(row)
    else { return .closes }
    return shown[row].isEnabled ? .runs(shown[row]) : .stays
  }

  /// Draws the palette centred over the dimmed screen: the query, then the matching commands
  /// (as many as fit), the selected one in the selection's style.
  mutating func draw(_ commands: [Command], into buffer: inout Buffer, theme: Theme) {
    let shown = matches(commands)
    // The key column is as wide for every filter, so the rows do not move as the user types.
    let keyWidth = commands.map { displayWidth($0.key) }.max() ?? 0
    let fits = max(0, buffer.bounds.height - 5)
    let lines = shown.prefix(fits).map {
      $0.key + String(repeating: " ", count: keyWidth - displayWidth($0.key)) + "  "
        + listedLabel($0.label, isEnabled: $0.isEnabled)
    }
    let selection = self.selection
    let palette = Box(title: "Commands", role: .title) {
      Text("> " + query)
      if shown.isEmpty { Text("No command matches").style(.muted) }
      ForEach(Array(lines.enumerated())) { item in
        if item.offset == selection {
          Text(item.element).style(.selection)
        } else if shown[item.offset].isEnabled {
          Text(item.element)
        } else {
          Text(item.element).style(.muted)
        }
      }
    }
    let drawn = drawCentred(
      palette, into: &buffer, in: buffer.bounds, minimumWidth: 30,
      context: RenderContext(theme: theme))
    // After the query, inside the box: none when the screen is too small for the box.
    let cursor = Position(
      x: min(drawn.x + 3 + displayWidth(query), drawn.x + drawn.width - 2), y: drawn.y + 1)
    let inside = Rect(
      x: drawn.x + 1, y: drawn.y + 1, width: drawn.width - 2, height: drawn.height - 2)
    buffer.cursor = drawn.width >= 4 && inside.contains(cursor) ? cursor : nil
    rows = lines.indices.map {
      Rect(x: drawn.x + 1, y: drawn.y + 2 + $0, width: max(0, drawn.width - 2), height: 1)
    }
  }
}
