import TerminalUICore

/// A choice among options: one row showing the choice (`Size: [ Medium ▾ ]`) that opens into a
/// list of the options below it.
///
/// For example, with `@Bindable var model` whose `size` is a `ShirtSize`:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// Picker("Size", selection: $model.size, options: ShirtSize.allCases) { $0.title }
/// ```
///
/// Focused and closed, Enter or Space (or a click) opens it. Open, ↑/↓ (or the wheel) move the
/// highlight, Home/End go to the ends, a typed letter jumps to the next option starting with
/// it, Enter (or a click on an option) chooses the highlighted option and closes the list, and
/// Esc closes it without changing the choice. The list shows at most `visibleOptions` rows,
/// scrolled to keep the highlight in view; the rows below the picker move down while it is open.
public struct Picker<Value: Hashable>: Widget {
  let label: String
  let selection: Binding<Value>
  let options: [Value]
  let titles: [String]
  let visibleOptions: Int

  /// Creates a picker of `options`, titled by `title`, choosing `selection`. Whether it is
  /// open belongs to the view where it is written: a view written once and shown twice opens
  /// in each place on its own.
  public init(
    _ label: String, selection: Binding<Value>, options: some Sequence<Value>,
    visibleOptions: Int = 6, title: (Value) -> String
  ) {
    self.label = label
    self.selection = selection
    self.options = Array(options)
    self.titles = self.options.map(title)
    self.visibleOptions = max(1, visibleOptions)
  }

  /// Creates a picker, once told apart by where it was written.
  @available(
    *, deprecated,
    message: "A picker is identified by its place among the views; drop the arguments."
  )
  public init(
    _ label: String, selection: Binding<Value>, options: some Sequence<Value>,
    visibleOptions: Int = 6, fileID: StaticString, line: UInt, column: UInt,
    title: (Value) -> String
  ) {
    self.init(
      label, selection: selection, options: options, visibleOptions: visibleOptions, title: title)
  }

  /// The list while it is open: which option is highlighted.
  struct Popup: Hashable {
    var highlight: Int
  }

  /// What the picker keeps between frames: its list while it is open.
  final class Memory {
    var popup: Popup?
  }

  private func popup(_ context: RenderContext) -> Popup? {
    context.remembered(PickerKey(), as: Memory.self)?.popup
  }

  private var closedText: String {
    let current = options.firstIndex(of: selection.wrappedValue).map { titles[$0] } ?? "—"
    return "\(label): [ \(current) ▾ ]"
  }

  /// One row closed; open, the row and as many rows as the list shows.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let rows = popup(context) == nil ? 1 : 1 + min(visibleOptions, options.count)
    let width = max(displayWidth(closedText), (titles.map(displayWidth).max() ?? 0) + 4)
    return Size(width: min(width, proposal.width), height: min(rows, proposal.height))
  }

  /// Registers the picker and draws the row, and the list when open.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let memory = context.remembered(PickerKey()) { Memory() }
    let open = memory.popup
    let (options, titles, selection) = (options, titles, selection)
    let page = min(visibleOptions, options.count)
    let listTop = rect.y + 1
    let offset = open.map { Rows.offset(showing: $0.highlight, page: page, count: options.count) }
    let navigation: [KeyEvent] = [.up, .down, .home, .end, .pageUp, .pageDown, .enter, .escape]
    let control = context.addControl(
      id: "picker",
      consumes: { [isOpen = open != nil] key in
        guard isOpen else { return key == .enter || key == .character(" ") }
        if case .character = key { return true }
        return navigation.contains(key)
      },
      help: open == nil
        ? [KeyCommand("choose", keys: [.enter])]
        : [
          KeyCommand("move", keys: [.up, .down], shownAs: "↑/↓"),
          KeyCommand("pick", keys: [.enter]),
          KeyCommand("cancel", keys: [.escape]),
        ],
      rect: rect
    ) { key in
      guard !options.isEmpty else { return false }
      let current = options.firstIndex(of: selection.wrappedValue) ?? 0
      guard var state = memory.popup else {
        // Closed: Enter, Space or a click opens it on the current choice.
        guard key == .enter || key == .character(" ") || key.isClick else { return false }
        memory.popup = Popup(highlight: current)
        return true
      }
      let close = { memory.popup = nil }
      switch key {
      case .up: state.highlight = max(0, state.highlight - 1)
      case .down: state.highlight = min(options.count - 1, state.highlight + 1)
      case .pageUp: state.highlight = max(0, state.highlight - page)
      case .pageDown: state.highlight = min(options.count - 1, state.highlight + page)
      case .home: state.highlight = 0
      case .end: state.highlight = options.count - 1
      case .escape:
        close()
        return true
      case .enter:
        if selection.wrappedValue != options[state.highlight] {
          selection.wrappedValue = options[state.highlight]
        }
        close()
        return true
      case .character(let character):
        // The next option (after the highlighted one, going round) starting with the letter.
        let letter = String(character).lowercased()
        let order = Array(state.highlight + 1..<options.count) + Array(0...state.highlight)
        guard let next = order.first(where: { titles[$0].lowercased().hasPrefix(letter) }) else {
          return true
        }
        state.highlight = next
      case .mouse(let event):
        switch event.kind {
        case .scrollUp: state.highlight = max(0, state.highlight - 1)
        case .scrollDown: state.highlight = min(options.count - 1, state.highlight + 1)
        case .press(.left):
          let row = event.position.y - listTop
          guard (0..<page).contains(row) else {
            // A click on the picker's own row closes the list.
            close()
            return true
          }
          let chosen =
            Rows.offset(showing: state.highlight, page: page, count: options.count)
            + row
          if selection.wrappedValue != options[chosen] { selection.wrappedValue = options[chosen] }
          close()
          return true
        default: return false
        }
      default: return false
      }
      memory.popup = state
      return true
    }
    let isFocused = control.isFocused
    buffer.write(
      truncate(closedText, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
      style: isFocused && open == nil ? context.theme.focus : .plain, clip: rect)
    guard let open, let offset else { return }
    for line in 0..<min(page, rect.height - 1) {
      let index = offset + line
      let marker = options[index] == selection.wrappedValue ? "• " : "  "
      let row = Rect(x: rect.x, y: listTop + line, width: rect.width, height: 1)
      buffer.fill(row)
      buffer.write(
        truncate(marker + titles[index], toWidth: rect.width), at: Position(x: row.x, y: row.y),
        style: index == open.highlight ? context.theme.selection : .plain, clip: row)
    }
  }
}

/// What a picker keeps between frames, under its place among the views.
struct PickerKey: Hashable {}
