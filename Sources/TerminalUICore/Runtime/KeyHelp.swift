/// The keys of the active screen as the help bar and the `?` overlay list them: only the keys
/// that act given what has focus, each once, in order of importance.
@MainActor
struct KeyHelp {
  /// What the last frame registered.
  let session: FocusSession
  /// The focused control's index.
  let focusedIndex: Int
  /// The application's own keys.
  let globalKeys: [(key: String, label: String)]
  var toolKeys: [(key: String, label: String)] = []
  /// The commands of a layer over the app that takes every key (an inspector with the keys),
  /// if one does: they are all that acts, with Ctrl-C.
  var layerCommands: [KeyCommand]?

  /// What the keys do while the `?` overlay shows: it takes every key.
  static let overlayCommands = [
    KeyCommand("close", keys: [.escape, .character("?")], shownAs: "esc/?")
  ]

  /// The keys that act now, each listed once, in order of importance: what the focused control
  /// does with its keys, the screen's keys it does not swallow (a focused field takes typed
  /// characters and ←/→, a focused list ↑/↓ and Enter), then focus, back, help and the
  /// application's keys.
  func entries(overlay: Bool) -> [(entry: FocusSession.HelpEntry, drop: Int)] {
    if let layerCommands {
      // The layer's commands, dropped from the last when the bar is narrow, then Ctrl-C.
      let listed = layerCommands.filter { $0.isListed && $0.isEnabled }
      return listed.enumerated().map { offset, command in
        (FocusSession.HelpEntry(command), 100 + offset)
      } + [(FocusSession.HelpEntry(key: "ctrl-c", label: "quit"), 0)]
    }
    let focused = self.focused
    func acts(_ entry: FocusSession.HelpEntry) -> Bool {
      guard let focused else { return true }
      let keys = entry.keys.isEmpty ? KeyTape.key(named: entry.key).map { [$0] } ?? [] : entry.keys
      if keys.isEmpty { return !(focused.takesText && displayWidth(entry.key) == 1) }
      return !keys.allSatisfy(focused.consumes)
    }
    typealias Entry = FocusSession.HelpEntry
    // `drop`: the order in which a narrow help bar drops entries (higher first; 0 never).
    // The focused control's own entries act by definition; the others only if it lets their
    // keys through.
    let own = ownEntries(overlay: overlay)
    var entries: [(entry: Entry, drop: Int)] = []
    for (offset, entry) in (own + session.help).enumerated() {
      entries.append((entry, 100 + offset))
    }
    if overlay {
      entries.append((Entry(key: "tab", label: "next control"), 3))
      entries.append((Entry(key: "shift-tab", label: "previous control"), 3))
    } else if session.controls.count > 1 {
      entries.append((Entry(key: "tab", label: "focus"), 500))
    }
    // Esc leaves a focused text field, when that makes keys reachable, before it goes back.
    let escapeLeaves = session.escapeLeaves(focused)
    if escapeLeaves {
      // The screen's printable keys the field takes as text, reachable once it is left.
      let hidden = session.help.filter { entry in
        entry.keys.contains(where: \.isCharacter) && !acts(entry)
      }.map(\.key)
      let label =
        hidden.isEmpty ? "leave field" : "leave field for " + hidden.joined(separator: " ")
      entries.append((Entry(key: "esc", label: label), 600))
    } else if session.escape != nil {
      entries.append((Entry(key: "esc", label: "back"), 400))
    }
    entries.append((Entry(key: "?", label: overlay ? "close this help" : "help"), 0))
    if overlay { entries.append((Entry(key: "ctrl-p", label: "commands", keys: [.ctrl("p")]), 0)) }
    for global in globalKeys {
      entries.append((Entry(key: global.key, label: global.label), 0))
    }
    entries.append((Entry(key: "ctrl-c", label: "quit"), 0))
    for tool in toolKeys {
      entries.append((Entry(key: tool.key, label: tool.label), 900))
    }
    var seen: Set<String> = []
    var acting = entries.enumerated().filter { offset, item in
      let key = item.entry.key
      let isOwn = offset < own.count
      // A disabled key is listed by the overlay (muted), never by the bar.
      let isListed =
        isOwn || (acts(item.entry) && (item.entry.isEnabled || overlay))
        || (overlay && key == "?")
      guard !seen.contains(key), isListed else { return false }
      seen.insert(key)
      return true
    }.map(\.element)
    // Ctrl-C always quits; when another listed key quits too, a narrow bar drops it first.
    if acting.contains(where: { $0.entry.label == "quit" && $0.entry.key != "ctrl-c" }),
      let ctrlC = acting.firstIndex(where: { $0.entry.key == "ctrl-c" })
    {
      acting[ctrlC].drop = 1_000
    }
    return acting
  }

  /// The focused control, as the last frame registered it.
  private var focused: FocusSession.Control? { session[control: focusedIndex] }

  /// What the focused control's keys do; the overlay (and the palette) also name Enter when
  /// the control takes it without saying what it does.
  private func ownEntries(overlay: Bool) -> [FocusSession.HelpEntry] {
    var own = focused?.help ?? []
    if overlay, focused?.consumes(.enter) == true, !own.contains(where: { $0.key == "enter" }) {
      own.append(FocusSession.HelpEntry(key: "enter", label: "activate", keys: [.enter]))
    }
    return own
  }

  /// The commands Ctrl-P lists: what the `?` overlay lists, with the screen's and the
  /// application's keys a focused control hides (the palette runs them without typing them).
  var commands: [CommandPalette.Command] {
    let listed = entries(overlay: true).map(\.entry)
    let own = ownEntries(overlay: true)
    var all = own + session.help.filter { entry in !own.contains { $0.key == entry.key } }
    let global = globalKeys.map { FocusSession.HelpEntry(key: $0.key, label: $0.label) }
    for entry in listed + global where !all.contains(where: { $0.key == entry.key }) {
      all.append(entry)
    }
    return CommandPalette.commands(all, controlsOwn: own)
  }

  /// The help bar for `width` columns: when every key does not fit, the least important go
  /// first (Ctrl-C when another key quits, the tools' keys, focus and back, which `?` lists, then the screen's
  /// keys from the last listed), so `? help` and quitting stay.
  func bar(width: Int) -> String {
    var entries = self.entries(overlay: false)
    func text() -> String {
      entries.map(\.entry.text).joined(separator: "  ")
    }
    var line = text()
    while displayWidth(line) > width,
      let index = entries.indices.filter({ entries[$0].drop > 0 })
        .max(by: { entries[$0].drop < entries[$1].drop })
    {
      entries.remove(at: index)
      line = text()
    }
    return truncate(line, toWidth: width)
  }

  func drawOverlay(into buffer: inout Buffer, theme: Theme) {
    let entries = self.entries(overlay: true).map(\.entry)
    let keyWidth = entries.map { displayWidth($0.key) }.max() ?? 0
    let lines = entries.map {
      $0.key + String(repeating: " ", count: keyWidth - displayWidth($0.key)) + "  "
        + $0.listedLabel
    }
    let overlay = Box(title: "Keys", role: .title) {
      ForEach(Array(lines.enumerated())) { item in
        if entries[item.offset].isEnabled {
          Text(item.element)
        } else {
          Text(item.element).style(.muted)
        }
      }
    }
    drawCentred(overlay, into: &buffer, in: buffer.bounds, context: RenderContext(theme: theme))
  }
}

extension Application {
  /// The help bar's text: the keys that act now. On a screen, its keys, then focus, back, help
  /// and the global keys; while a layer over it takes every key (a tool with the keys, the
  /// command palette, the `?` overlay), that layer's commands and Ctrl-C.
  public var helpText: String {
    barHelp.entries(overlay: false).map(\.entry.text)
      .joined(separator: "  ")
  }

  /// The screen's keys, as the `?` overlay and the command palette list them.
  var keyHelp: KeyHelp {
    KeyHelp(
      session: session, focusedIndex: focusedIndex, globalKeys: globalKeys, toolKeys: toolKeys)
  }

  /// What the help bar lists: the commands of the topmost layer that takes every key, if one
  /// does, or the screen's keys.
  var barHelp: KeyHelp {
    var help = keyHelp
    help.layerCommands = keyTakingCommands
    return help
  }
}

/// Draws `view` centred in `area` over a dimmed background; returns where it drew it.
@MainActor
@discardableResult
func drawCentred(
  _ view: any View, into buffer: inout Buffer, in area: Rect, minimumWidth: Int = 0,
  context: RenderContext
) -> Rect {
  guard !area.isEmpty else { return area }
  buffer.restyle(area) {
    $0.dim = true; $0.reverse = false; $0.underline = false
  }
  buffer.cursor = nil
  let available = max(0, area.width - 2)
  var size = context.resolving(view).measure(
    Size(width: available, height: area.height), context: context)
  size.width = max(size.width, min(minimumWidth, available))
  let rect = Rect(
    x: area.x + (area.width - size.width) / 2, y: area.y + (area.height - size.height) / 2,
    width: size.width, height: size.height)
  buffer.fill(rect)
  render(view, in: rect, into: &buffer, context: context)
  return rect
}
