import Foundation

extension View {
  /// Lays the inspector's pane over this view (the app): beside it on a terminal wider than
  /// twice its height, below it otherwise, and over all of it, saying so, when the app would be
  /// left less than 40 columns or 10 rows. The runner does this for an app run with an
  /// inspector; do it yourself to place the pane around part of a screen.
  ///
  /// For example, `AppView(store: store).inspector(inspector)`.
  public func inspector(_ inspector: Inspector) -> some View {
    InspectorLayout(inspector: inspector, content: self)
  }
}

/// Where the pane goes in a rectangle.
enum InspectorPlacement: Equatable {
  case beside(paneWidth: Int)
  case below(paneHeight: Int)
  case fullScreen

  /// The narrow side of the terminal: beside on a wide one (cells are about twice as tall as
  /// wide), below on a tall one; the whole screen when the app would be left too little.
  static func placement(in size: Size) -> InspectorPlacement {
    let minimumAppWidth = 40
    let minimumAppHeight = 10
    if size.width >= 2 * size.height {
      let pane = max(30, size.width * 2 / 5)
      if size.width - pane - 1 >= minimumAppWidth { return .beside(paneWidth: pane) }
    }
    let pane = max(8, size.height * 2 / 5)
    if size.height - pane >= minimumAppHeight, size.width >= minimumAppWidth {
      return .below(paneHeight: pane)
    }
    return .fullScreen
  }
}

/// The app and, while the inspector is open, its pane.
struct InspectorLayout: Widget {
  let inspector: Inspector
  let content: any View

  var isFlexible: Bool { true }

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    proposal
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard inspector.isOpen else {
      context.render(content, in: rect, into: &buffer)
      return
    }
    switch InspectorPlacement.placement(in: Size(width: rect.width, height: rect.height)) {
    case .beside(let paneWidth):
      let appWidth = rect.width - paneWidth - 1
      context.render(
        content, in: Rect(x: rect.x, y: rect.y, width: appWidth, height: rect.height),
        into: &buffer)
      let divider = rect.x + appWidth
      for y in rect.y..<rect.maxY {
        buffer.write("│", at: Position(x: divider, y: y), style: context.theme.border)
      }
      InspectorPane(inspector: inspector, note: nil).draw(
        in: Rect(x: divider + 1, y: rect.y, width: paneWidth, height: rect.height),
        into: &buffer, theme: context.theme)
    case .below(let paneHeight):
      let appHeight = rect.height - paneHeight
      context.render(
        content, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: appHeight),
        into: &buffer)
      InspectorPane(inspector: inspector, note: nil).draw(
        in: Rect(x: rect.x, y: rect.y + appHeight, width: rect.width, height: paneHeight),
        into: &buffer, theme: context.theme)
    case .fullScreen:
      guard inspector.isFocused else {
        // The pane gives the whole screen back to the app while the app has the keys.
        context.render(content, in: rect, into: &buffer)
        return
      }
      InspectorPane(
        inspector: inspector,
        note: "Too small for the app beside the inspector: it takes the screen (esc: the app)."
      ).draw(in: rect, into: &buffer, theme: context.theme)
    }
  }
}

/// The pane: a title, the entries (newest last), the selected entry's origin, action and diff,
/// and the pane's keys.
@MainActor
struct InspectorPane {
  let inspector: Inspector
  let note: String?

  func draw(in rect: Rect, into buffer: inout Buffer, theme: Theme) {
    guard !rect.isEmpty else { return }
    buffer.fill(rect)
    var rows: [(text: String, style: Style)] = []
    let footer = footerLines(width: rect.width)
    guard let history = inspector.history, let shown = inspector.shownSequence else {
      buffer.write(" Inspector", at: Position(x: rect.x, y: rect.y), style: theme.title, clip: rect)
      return
    }
    let total = history.lastSequence - history.firstSequence + 1
    let title =
      inspector.selectedSequence.map {
        " Inspector · at #\($0) of \(history.lastSequence) · travel"
      }
      ?? " Inspector · \(total) \(total == 1 ? "entry" : "entries") · live"
    rows.append((title, theme.title))
    if let note { rows.append((note, theme.warning)) }

    let reserved = rows.count + footer.count + 1
    let available = max(0, rect.height - reserved)
    let listHeight = max(1, min(total, max(3, available / 2)))
    // The window of entries ends at the shown one when it can.
    let last = min(history.lastSequence, max(shown, history.firstSequence + listHeight - 1))
    let first = max(history.firstSequence, last - listHeight + 1)
    for sequence in first...max(first, last) {
      guard let entry = inspector.entry(sequence) else { continue }
      let style: Style =
        sequence == shown
        ? (inspector.isFocused ? theme.selection : theme.inactiveSelection) : .plain
      rows.append((Self.row(entry, width: rect.width), style))
    }
    rows.append((String(repeating: "─", count: rect.width), theme.border))
    let detailHeight = max(0, rect.height - rows.count - footer.count)
    inspector.detailPage = detailHeight
    let details = inspector.detailLines(shown)
    let offset = min(inspector.detailOffset, max(0, details.count - 1))
    var visible = Array(details.dropFirst(offset).prefix(detailHeight))
    // Say when there is more, on the last line's place: PgDn shows it.
    if details.count - offset > detailHeight, detailHeight > 0 {
      visible[visible.count - 1] =
        "↓ \(details.count - offset - detailHeight + 1) more lines (pgdn)"
    }
    for line in visible {
      let style: Style =
        line.hasPrefix("−") ? theme.danger : line.hasPrefix("+") ? theme.success : .plain
      rows.append((line, style))
    }
    for (index, row) in rows.prefix(max(0, rect.height - footer.count)).enumerated() {
      let y = rect.y + index
      if row.style != .plain {
        buffer.fill(
          Rect(x: rect.x, y: y, width: rect.width, height: 1),
          with: Cell(grapheme: " ", style: row.style))
      }
      buffer.write(
        truncate(row.text, toWidth: rect.width), at: Position(x: rect.x, y: y),
        style: row.style, clip: rect)
    }
    for (index, line) in footer.enumerated() {
      let y = rect.maxY - footer.count + index
      guard y >= rect.y else { continue }
      buffer.write(
        truncate(line.text, toWidth: rect.width), at: Position(x: rect.x, y: y),
        style: line.style(theme), clip: rect)
    }
  }

  /// The last export's outcome (on at most two lines) and the pane's keys (at most three),
  /// wrapped to `width`, so the list keeps room.
  private func footerLines(width: Int) -> [(text: String, style: (Theme) -> Style)] {
    var lines: [(text: String, style: (Theme) -> Style)] = []
    if let message = inspector.message {
      // Wrapped at spaces, on at most two lines (the files an export wrote).
      var wrapped = [""]
      for word in message.split(separator: " ") {
        let last = wrapped[wrapped.count - 1]
        if !last.isEmpty, displayWidth(last) + 1 + displayWidth(word) > width - 1,
          wrapped.count < 2
        {
          wrapped.append(String(word))
        } else {
          wrapped[wrapped.count - 1] += last.isEmpty ? String(word) : " " + word
        }
      }
      lines += wrapped.map { (" " + $0, { $0.success }) }
    }
    guard inspector.isFocused else {
      lines.append((" F12 inspect (the app has the keys)", { $0.muted }))
      return lines
    }
    let keys = Inspector.keyCommands.map(\.helpText)
    var help: [String] = []
    var line = ""
    for key in keys {
      if !line.isEmpty, displayWidth(line) + 2 + displayWidth(key) > width, help.count < 2 {
        help.append(line)
        line = ""
      }
      line += line.isEmpty ? " " + key : "  " + key
    }
    help.append(line)
    lines += help.map { ($0, { $0.muted }) }
    return lines
  }

  /// One entry on one line: its sequence, time since the start, origin and summary; a summary
  /// too long keeps its end (the innermost action), after a `…`.
  static func row(_ entry: ActionHistoryEntry, width: Int) -> String {
    let seconds =
      Double(entry.time.components.seconds)
      + Double(entry.time.components.attoseconds) / 1e18
    let time =
      seconds < 1_000 ? String(format: "%.1fs", seconds) : String(format: "%.0fm", seconds / 60)
    let tag = truncate(Inspector.tag(entry.origin), toWidth: 8)
    let prefix = String(format: "%4d", entry.sequence) + " \(time) \(tag) "
    let summary = compact(entry.summary)
    let room = width - displayWidth(prefix)
    // Cut to nothing (a pane narrower than the prefix), the `…` is cut by the drawing too.
    guard displayWidth(summary) > room else { return prefix + summary }
    var tail = ""
    var used = 1
    for character in summary.reversed() {
      used += displayWidth(character)
      if used > room { break }
      tail.insert(character, at: tail.startIndex)
    }
    return prefix + "…" + tail
  }

  /// An action's one-line dump with the stack wrappers folded: `.path(.element(id: #0,
  /// action: .counter(.tapped)))` reads `.path[#0].counter(.tapped)`.
  static func compact(_ summary: String) -> String {
    var characters = Array(summary)
    let opening = Array("(.element(id: ")
    let separator = Array(", action: ")
    var searchFrom = 0
    while let start = firstIndex(of: opening, in: characters, from: searchFrom),
      let comma = firstIndex(of: separator, in: characters, from: start + opening.count),
      let innerClose = matchingParen(in: characters, open: start + 1),
      let outerClose = matchingParen(in: characters, open: start), innerClose < outerClose
    {
      let id = characters[(start + opening.count)..<comma]
      let inner = characters[(comma + separator.count)..<innerClose]
      let replacement = ["["] + id + ["]"] + inner
      characters.replaceSubrange(start...outerClose, with: replacement)
      searchFrom = start
    }
    return String(characters)
  }

  private static func firstIndex(
    of pattern: [Character], in characters: [Character], from start: Int
  ) -> Int? {
    guard pattern.count <= characters.count else { return nil }
    var index = start
    while index + pattern.count <= characters.count {
      if characters[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  /// The index of the `)` closing the `(` at `open`, skipping quoted text.
  private static func matchingParen(in characters: [Character], open: Int) -> Int? {
    var depth = 0
    var inQuotes = false
    var index = open
    while index < characters.count {
      let character = characters[index]
      if inQuotes {
        if character == "\\" {
          index += 1
        } else if character == "\"" {
          inQuotes = false
        }
      } else if character == "\"" {
        inQuotes = true
      } else if character == "(" {
        depth += 1
      } else if character == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      index += 1
    }
    return nil
  }
}
