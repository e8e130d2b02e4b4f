import TerminalUICore

/// A scrolling list of one-line rows with a selection.
///
/// For example:
///
/// <!-- context: tui-items-model, tui-items-screen -->
/// ```swift
/// List(model.items, id: \.id, selection: $model.selection) { item in
///   Text(item.name)
/// }
/// ```
///
/// When focused, ↑/↓ move the selection, PgUp/PgDn by a page, Home/End to the ends, and Enter
/// calls `onActivate`; a click on a row chooses it and calls `onActivate`, and the wheel moves
/// the selection. The visible rows scroll only as far as needed to keep the selection in view;
/// the selected row is in the theme's selection style while the list is focused, and in its
/// inactive selection style otherwise. A column on the right shows ↑/↓ when rows are hidden
/// above or below. The list fills the height it is offered.
///
/// Only the rows in view are built, and the selected row is found where it was last time, so a
/// frame or a key costs the same with 20 rows or 100,000 (with a random-access collection).
public struct List<ID: Hashable>: Widget {
  let count: Int
  let id: (Int) -> ID
  let row: (Int) -> Group
  let selection: Binding<ID?>
  let onActivate: (@MainActor (ID) -> Void)?
  let emptyText: String
  /// Which list this is, for the rows it builds in a frame.
  let token = BuildToken()

  /// Creates a list of `data`, identified by `id`, drawing each element in view with `row`.
  public init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<ID?>,
    emptyText: String = "Nothing here yet.",
    onActivate: (@MainActor (ID) -> Void)? = nil,
    @ViewBuilder row: @escaping (Data.Element) -> Group
  ) {
    count = data.count
    let start = data.startIndex
    self.id = { data[data.index(start, offsetBy: $0)][keyPath: id] }
    self.row = { row(data[data.index(start, offsetBy: $0)]) }
    self.selection = selection
    self.onActivate = onActivate
    self.emptyText = emptyText
  }

  /// Creates a list of the elements of a sequence that is not a collection (they are gathered
  /// first).
  public init<Data: Sequence>(
    _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<ID?>,
    emptyText: String = "Nothing here yet.",
    onActivate: (@MainActor (ID) -> Void)? = nil,
    @ViewBuilder row: @escaping (Data.Element) -> Group
  ) {
    self.init(
      Array(data), id: id, selection: selection, emptyText: emptyText, onActivate: onActivate,
      row: row)
  }

  /// A list fills the height it is offered.
  public var isFlexible: Bool { true }

  /// All the room proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  /// Registers the list and draws the rows in view.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let (count, id, selection, onActivate) = (count, id, selection, onActivate)
    let page = max(1, rect.height)
    let activates = onActivate != nil && count > 0
    let memory = context.remembered(RowsKey(kind: "list", count: count)) { RowsMemory() }
    let registration = context.addControl(
      id: "list",
      consumes: { key in
        [.up, .down, .pageUp, .pageDown, .home, .end].contains(key) || (activates && key == .enter)
      },
      help: activates ? [KeyCommand("open", keys: [.enter])] : [],
      rect: rect
    ) { key in
      guard count > 0 else { return false }
      let current = Rows.selectedIndex(
        selection.wrappedValue, count: count, id: id, memory: memory)
      let target: Int
      if let moved = Rows.target(for: key, from: current, count: count, page: page) {
        target = moved
      } else {
        switch key {
        case .mouse(let event) where event.isClick:
          // A click on a row chooses it and opens it.
          let row = memory.offset + event.position.y - rect.y
          guard (0..<count).contains(row) else { return true }
          Rows.choose(row, id: id, selection: selection, memory: memory)
          onActivate?(id(row))
          return true
        case .enter:
          guard let onActivate, let current else { return false }
          onActivate(id(current))
          return true
        default: return false
        }
      }
      Rows.choose(target, id: id, selection: selection, memory: memory)
      return true
    }
    let isFocused = registration.isFocused
    guard count > 0 else {
      buffer.write(
        truncate(emptyText, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
        style: context.theme.muted, clip: rect)
      return
    }
    let selected = Rows.selectedIndex(selection.wrappedValue, count: count, id: id, memory: memory)
    let offset = Rows.offset(
      remembered: memory.offset, selected: selected, page: page, count: count)
    memory.offset = offset
    let overflows = count > page
    let rowWidth = overflows ? max(0, rect.width - 1) : rect.width
    for line in 0..<min(page, count - offset) {
      let index = offset + line
      let rowRect = Rect(x: rect.x, y: rect.y + line, width: rowWidth, height: 1)
      let row = context.build(ListRowKey(list: token, index: index), in: rowRect) {
        self.row(index)
      }
      context.render(row, in: rowRect, into: &buffer)
      if index == selected {
        let highlight = isFocused ? context.theme.selection : context.theme.inactiveSelection
        buffer.restyle(rowRect) { $0 = $0.merged(with: highlight) }
      }
    }
    if overflows {
      Rows.drawIndicators(
        in: rect, above: offset > 0, below: offset + page < count, style: context.theme.muted,
        into: &buffer)
    }
  }
}

/// What a list of rows keeps between frames (``List``, ``Table``): the first row shown, and
/// where the selected row was last time.
final class RowsMemory {
  var offset = 0
  var selected: Int?
}

/// Where a list of rows keeps its ``RowsMemory``: its own for each count of rows, so that rows
/// coming or going start it afresh.
struct RowsKey: Hashable {
  let kind: String
  let count: Int
}

/// What a list of rows does with its selection, for ``List`` and ``Table``.
enum Rows {
  /// The position of the selected row: where it was last time if it is still there, otherwise
  /// found by a search (and remembered).
  @MainActor
  static func selectedIndex<ID: Hashable>(
    _ selected: ID?, count: Int, id: (Int) -> ID, memory: RowsMemory
  ) -> Int? {
    guard let selected else { return nil }
    if let known = memory.selected, known < count, id(known) == selected {
      return known
    }
    let found = (0..<count).first { id($0) == selected }
    memory.selected = found
    return found
  }

  /// Selects the row at `index` (writing the binding only when it changes) and remembers where
  /// it is.
  @MainActor
  static func choose<ID: Hashable>(
    _ index: Int, id: (Int) -> ID, selection: Binding<ID?>, memory: RowsMemory
  ) {
    let chosen = id(index)
    if selection.wrappedValue != chosen { selection.wrappedValue = chosen }
    memory.selected = index
  }

  /// Where a navigation key or a wheel turn moves the selection from `current`, among `count`
  /// rows shown `page` at a time; nil for other keys.
  static func target(for key: KeyEvent, from current: Int?, count: Int, page: Int) -> Int? {
    var key = key
    if case .mouse(let event) = key {
      switch event.kind {
      case .scrollUp: key = .up
      case .scrollDown: key = .down
      default: return nil
      }
    }
    switch key {
    case .up: return max(0, (current ?? 0) - 1)
    case .down: return current.map { min(count - 1, $0 + 1) } ?? 0
    case .pageUp: return max(0, (current ?? 0) - page)
    case .pageDown: return min(count - 1, (current ?? 0) + page)
    case .home: return 0
    case .end: return count - 1
    default: return nil
    }
  }

  /// The first row shown: the one shown last time, moved only as far as keeps `selected` in
  /// view.
  static func offset(remembered: Int, selected: Int?, page: Int, count: Int) -> Int {
    var offset = remembered
    if let selected {
      offset = min(offset, selected)
      if selected >= offset + page { offset = selected - page + 1 }
    }
    return max(0, min(offset, count - page))
  }

  /// The first row shown for a highlight that sets the view on its own (no offset kept): as
  /// far down as keeps it in view.
  static func offset(showing highlight: Int, page: Int, count: Int) -> Int {
    max(0, min(highlight - page + 1, count - page))
  }

  /// ↑ at the top and ↓ at the bottom of the last column of `rect`, when rows are hidden there.
  static func drawIndicators(
    in rect: Rect, above: Bool, below: Bool, style: Style, into buffer: inout Buffer
  ) {
    guard rect.width > 1 else { return }
    let column = rect.maxX - 1
    if above {
      buffer.write("↑", at: Position(x: column, y: rect.y), style: style, clip: rect)
    }
    if below {
      buffer.write("↓", at: Position(x: column, y: rect.maxY - 1), style: style, clip: rect)
    }
  }
}

extension List {
  /// A list of identifiable elements.
  public init<Data: RandomAccessCollection>(
    _ data: Data, selection: Binding<ID?>, emptyText: String = "Nothing here yet.",
    onActivate: (@MainActor (ID) -> Void)? = nil,
    @ViewBuilder row: @escaping (Data.Element) -> Group
  ) where Data.Element: Identifiable, Data.Element.ID == ID {
    self.init(
      data, id: \.id, selection: selection, emptyText: emptyText, onActivate: onActivate, row: row)
  }

  /// A list of the identifiable elements of a sequence that is not a collection (a set, say;
  /// they are gathered first), as lists took before they built only the rows in view.
  public init<Data: Sequence>(
    _ data: Data, selection: Binding<ID?>, emptyText: String = "Nothing here yet.",
    onActivate: (@MainActor (ID) -> Void)? = nil,
    @ViewBuilder row: @escaping (Data.Element) -> Group
  ) where Data.Element: Identifiable, Data.Element.ID == ID {
    self.init(
      Array(data), id: \.id, selection: selection, emptyText: emptyText,
      onActivate: onActivate, row: row)
  }
}

/// What a list's row is built under for the frame.
private struct ListRowKey: Hashable {
  let list: BuildToken
  let index: Int
}

/// A list of options, each checked or not: ↑/↓ move the highlight, Space or Enter toggles it.
///
/// For example:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// CheckboxList(Topic.allCases, id: \.self, selection: $model.topics) { $0.title }
/// ```
///
/// Rows show `[x]` or `[ ]`; the highlighted row is in the theme's selection style while the
/// list is focused. It
/// scrolls like ``List``.
public struct CheckboxList<ID: Hashable>: Widget {
  let ids: [ID]
  let labels: [String]
  let selection: Binding<Set<ID>>

  /// Creates a list of `options`, identified by `id`, labelled by `label`.
  public init<Data: Sequence>(
    _ options: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<ID>>,
    label: (Data.Element) -> String
  ) {
    ids = options.map { $0[keyPath: id] }
    labels = options.map(label)
    self.selection = selection
  }

  /// As wide as the longest option, a row per option.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let width = (labels.map(displayWidth).max() ?? 0) + 4
    return Size(width: min(width, proposal.width), height: min(ids.count, proposal.height))
  }

  /// Registers the list and draws the options in view.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let memory = context.remembered(RowsKey(kind: "checkboxes", count: ids.count)) {
      Highlight()
    }
    let ids = ids
    let selection = selection
    let registration = context.addControl(
      id: "checkboxes",
      consumes: { [.up, .down, .home, .end, .enter, .character(" ")].contains($0) },
      help: [KeyCommand("check", keys: [.character(" ")])],
      rect: rect
    ) { key in
      guard !ids.isEmpty else { return false }
      var highlight = memory.row
      var key = key
      if case .mouse(let event) = key {
        switch event.kind {
        case .scrollUp: key = .up
        case .scrollDown: key = .down
        case .press(.left):
          // A click on an option highlights it and checks or unchecks it.
          let page = rect.height
          let offset = Rows.offset(showing: highlight, page: page, count: ids.count)
          let row = offset + event.position.y - rect.y
          guard ids.indices.contains(row) else { return true }
          highlight = row
          key = .character(" ")
        default: return false
        }
      }
      switch key {
      case .up: highlight = max(0, highlight - 1)
      case .down: highlight = min(ids.count - 1, highlight + 1)
      case .home: highlight = 0
      case .end: highlight = ids.count - 1
      case .character(" "), .enter:
        let id = ids[min(highlight, ids.count - 1)]
        if selection.wrappedValue.contains(id) {
          selection.wrappedValue.remove(id)
        } else {
          selection.wrappedValue.insert(id)
        }
      default: return false
      }
      memory.row = highlight
      return true
    }
    let isFocused = registration.isFocused
    let highlight = min(memory.row, max(0, ids.count - 1))
    let page = rect.height
    let offset = Rows.offset(showing: highlight, page: page, count: ids.count)
    let checked = selection.wrappedValue
    for line in 0..<min(page, ids.count - offset) {
      let row = offset + line
      let text = (checked.contains(ids[row]) ? "[x] " : "[ ] ") + labels[row]
      let style = isFocused && row == highlight ? context.theme.selection : .plain
      buffer.write(
        truncate(text, toWidth: rect.width), at: Position(x: rect.x, y: rect.y + line),
        style: style, clip: rect)
    }
  }
}

/// The row a ``CheckboxList`` highlights, kept between frames.
final class Highlight {
  var row = 0
}
