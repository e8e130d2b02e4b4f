import TerminalUICore

/// Rows of data in columns under a header: a selection bound to state, sorting by a column's
/// identity, and only the rows in view built.
///
/// For example, with `@Bindable var model` holding `items`, `selection` and `sort`, a
/// `ColumnSort<ItemColumn>?`:
///
/// <!-- context: tui-items-model, tui-items-screen -->
/// ```swift
/// Table(model.items, id: \.id, selection: $model.selection, sort: $model.sort) {
///   TableColumn("Name", id: ItemColumn.name) { $0.name }
///   TableColumn("Qty", id: ItemColumn.quantity, width: .fixed(5), alignment: .trailing) {
///     "\($0.quantity)"
///   }
/// }
/// ```
///
/// Focused, ↑/↓, PgUp/PgDn and Home/End move the selection and Enter calls `onActivate`; `s`
/// sorts by the next column and `r` reverses the order (with a `sort` binding; the owner of the
/// data sorts it). A click on a title sorts by that column (again: the other way), a click on a
/// row chooses it, and the wheel moves the selection. The sorted column's title shows the
/// direction, `▲` or `▼`, in a cell of its own: a narrow column cuts its title, never the arrow.
/// Columns can be shown or hidden with `if` and `ForEach` (see ``TableColumnBuilder``); the
/// sort names a column by its identity, so it keeps its meaning. Wide and combining characters
/// keep the columns aligned. A frame or a key costs the same with 20 rows or 100,000.
public struct Table<Element, ID: Hashable>: Widget {
  let count: Int
  let element: (Int) -> Element
  let id: (Int) -> ID
  let columns: [TableColumn<Element>]
  let selection: Binding<ID?>
  let sort: TableSortBinding<Element>?
  let onActivate: (@MainActor (ID) -> Void)?

  /// A table of `data`, identified by `id`, that is not sorted from the screen.
  public init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Element, ID>, selection: Binding<ID?>,
    onActivate: (@MainActor (ID) -> Void)? = nil,
    @TableColumnBuilder<Element> columns: () -> [TableColumn<Element>]
  ) where Data.Element == Element {
    self.init(
      data, id: id, selection: selection, sortBinding: nil, onActivate: onActivate,
      columns: columns())
  }

  /// A table of `data`, identified by `id`, sorted by the column `sort` names by its identity
  /// (the `id` its ``TableColumn`` was made with).
  public init<Data: RandomAccessCollection, Column: Hashable & Sendable>(
    _ data: Data, id: KeyPath<Element, ID>, selection: Binding<ID?>,
    sort: Binding<ColumnSort<Column>?>, onActivate: (@MainActor (ID) -> Void)? = nil,
    @TableColumnBuilder<Element> columns: () -> [TableColumn<Element>]
  ) where Data.Element == Element {
    self.init(
      data, id: id, selection: selection, sortBinding: TableSortBinding(sort),
      onActivate: onActivate, columns: columns())
  }

  /// A table of `data`, identified by `id`, sorted by the column at a position.
  @available(
    *, deprecated,
    message:
      "give the columns an id (TableColumn(_:id:)) and bind a ColumnSort: a position changes meaning when a column is hidden"
  )
  public init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Element, ID>, selection: Binding<ID?>,
    sort: Binding<TableSort?>?, onActivate: (@MainActor (ID) -> Void)? = nil,
    @TableColumnBuilder<Element> columns: () -> [TableColumn<Element>]
  ) where Data.Element == Element {
    self.init(
      data, id: id, selection: selection, sortBinding: sort.map(TableSortBinding.init(positions:)),
      onActivate: onActivate, columns: columns())
  }

  private init<Data: RandomAccessCollection>(
    _ data: Data, id: KeyPath<Element, ID>, selection: Binding<ID?>,
    sortBinding: TableSortBinding<Element>?, onActivate: (@MainActor (ID) -> Void)?,
    columns: [TableColumn<Element>]
  ) where Data.Element == Element {
    count = data.count
    let start = data.startIndex
    element = { data[data.index(start, offsetBy: $0)] }
    self.id = { data[data.index(start, offsetBy: $0)][keyPath: id] }
    self.columns = columns
    self.selection = selection
    self.sort = sortBinding
    self.onActivate = onActivate
  }

  /// A table fills the height it is offered.
  public var isFlexible: Bool { true }

  /// All the room proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  /// The widths of the columns in `width` (one column between two), from the rows in view.
  func columnWidths(_ width: Int, rows: Range<Int>) -> [Int] {
    var widths = columns.map { column -> Int in
      switch column.width {
      case .fixed(let fixed): return max(0, fixed)
      case .fit:
        let cells = rows.map { displayWidth(column.text(element($0))) }
        return max(displayWidth(column.title) + 2, cells.max() ?? 0)
      case .flexible(let minimum): return max(0, minimum)
      }
    }
    let flexible = columns.indices.filter {
      if case .flexible = columns[$0].width { return true }
      return false
    }
    var spare = width - widths.reduce(max(0, columns.count - 1), +)
    if spare > 0, !flexible.isEmpty {
      for (order, index) in flexible.enumerated() {
        let share = spare / (flexible.count - order)
        widths[index] += share
        spare -= share
      }
    }
    // Too narrow: the last columns give up their room first.
    var over = widths.reduce(max(0, columns.count - 1), +) - width
    for index in widths.indices.reversed() where over > 0 {
      let taken = min(widths[index], over)
      widths[index] -= taken
      over -= taken
    }
    return widths
  }

  /// `text` fitted to `width` columns, placed by `alignment`.
  static func cell(_ text: String, width: Int, alignment: TableColumn<Element>.Alignment) -> String
  {
    let shown = truncate(text, toWidth: width)
    let room = max(0, width - displayWidth(shown))
    switch alignment {
    case .leading: return shown + String(repeating: " ", count: room)
    case .trailing: return String(repeating: " ", count: room) + shown
    case .center:
      return String(repeating: " ", count: room / 2) + shown
        + String(repeating: " ", count: room - room / 2)
    }
  }

  /// A title in a header cell of `width` columns, with the sort's arrow after it when the
  /// column is sorted: the arrow takes a cell of its own, after a space, and a title too long
  /// for the rest is cut, never the arrow.
  static func headerCell(
    _ title: String, width: Int, alignment: TableColumn<Element>.Alignment, ascending: Bool?
  ) -> String {
    guard let ascending else { return cell(title, width: width, alignment: alignment) }
    let arrow = ascending ? "▲" : "▼"
    guard width > 2 else { return String(repeating: " ", count: max(0, width - 1)) + arrow }
    if displayWidth(title) + 2 <= width {
      return cell(title + " " + arrow, width: width, alignment: alignment)
    }
    return truncate(title, toWidth: width - 2) + " " + arrow
  }

  /// Registers the table and draws the header and the rows in view.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let (count, id, selection, sort, onActivate) = (count, id, selection, sort, onActivate)
    let page = max(1, rect.height - 1)
    let memory = context.remembered(RowsKey(kind: "table", count: count)) { RowsMemory() }
    let overflows = count > page
    let tableWidth = overflows ? max(0, rect.width - 1) : rect.width
    let find = {
      Rows.selectedIndex(selection.wrappedValue, count: count, id: id, memory: memory)
    }
    // Where each column starts, for header clicks: filled in once the widths are known.
    let starts = ColumnStarts()
    let columns = columns
    let sortable = sort.map { sort in columns.indices.filter { sort.canSort(columns[$0]) } } ?? []
    let resort = { (column: Int) in
      guard let sort, sortable.contains(column) else { return }
      let current = sort.current(columns)
      sort.set(columns, column, current?.index == column ? !(current?.ascending ?? true) : true)
    }
    let registration = context.addControl(
      id: "table",
      consumes: { key in
        [.up, .down, .pageUp, .pageDown, .home, .end].contains(key)
          || (onActivate != nil && key == .enter)
          || (!sortable.isEmpty && (key == .character("s") || key == .character("r")))
      },
      help: (onActivate != nil ? [KeyCommand("open", keys: [.enter])] : [])
        + (!sortable.isEmpty
          ? [
            KeyCommand("sort", keys: [.character("s")]),
            KeyCommand("reverse", keys: [.character("r")]),
          ] : []),
      rect: rect
    ) { key in
      guard count > 0 else { return false }
      let current = find()
      let target: Int
      if let moved = Rows.target(for: key, from: current, count: count, page: page) {
        target = moved
      } else {
        switch key {
        case .enter:
          guard let onActivate, let current else { return false }
          onActivate(id(current))
          return true
        case .character("s"):
          guard let sort, let first = sortable.first else { return false }
          // The next column that can be sorted by, after the one sorted now.
          let now = sort.current(columns)?.index
          let next = now.flatMap { now in sortable.first { $0 > now } } ?? first
          sort.set(columns, next, true)
          return true
        case .character("r"):
          guard let sort, let first = sortable.first else { return false }
          let now = sort.current(columns) ?? (first, true)
          sort.set(columns, now.index, !now.ascending)
          return true
        case .mouse(let event) where event.isClick && event.position.y == rect.y:
          // A click on a title sorts by its column.
          let x = event.position.x - rect.x
          if let column = starts.values.lastIndex(where: { $0 <= x }) { resort(column) }
          return true
        case .mouse(let event) where event.isClick:
          let row = memory.offset + event.position.y - rect.y - 1
          guard (0..<count).contains(row) else { return true }
          target = row
        default: return false
        }
      }
      Rows.choose(target, id: id, selection: selection, memory: memory)
      return true
    }
    let isFocused = registration.isFocused
    let selected = find()
    let offset = Rows.offset(
      remembered: memory.offset, selected: selected, page: page, count: count)
    memory.offset = offset
    let visible = offset..<min(count, offset + page)
    let widths = columnWidths(tableWidth, rows: visible)
    var x = 0
    for width in widths {
      starts.values.append(x)
      x += width + 1
    }
    // The header: the theme's header style, the sorted column with its direction.
    let sorted = sort?.current(columns)
    let header = columns.indices.map { index -> String in
      Self.headerCell(
        columns[index].title, width: widths[index], alignment: columns[index].alignment,
        ascending: sorted?.index == index ? sorted?.ascending : nil)
    }.joined(separator: " ")
    buffer.write(
      header, at: Position(x: rect.x, y: rect.y), style: context.theme.header,
      clip: Rect(x: rect.x, y: rect.y, width: tableWidth, height: 1))
    for (line, index) in visible.enumerated() where line + 1 < rect.height {
      let item = element(index)
      let row = Rect(x: rect.x, y: rect.y + 1 + line, width: tableWidth, height: 1)
      var style = Style.plain
      if index == selected {
        style = isFocused ? context.theme.selection : context.theme.inactiveSelection
        buffer.fill(row, with: Cell(style: style))
      }
      // Each cell is written in place: measured once, cut only when too wide.
      for (column, start) in zip(columns.indices, starts.values) where widths[column] > 0 {
        var text = columns[column].text(item)
        var width = displayWidth(text)
        if width > widths[column] {
          text = truncate(text, toWidth: widths[column])
          width = displayWidth(text)
        }
        let room = widths[column] - width
        let shift =
          switch columns[column].alignment {
          case .leading: 0
          case .trailing: room
          case .center: room / 2
          }
        let area = Rect(x: rect.x + start, y: row.y, width: widths[column], height: 1)
          .intersection(row)
        buffer.write(text, at: Position(x: area.x + shift, y: row.y), style: style, clip: area)
      }
    }
    if overflows {
      Rows.drawIndicators(
        in: rect.inset(top: 1), above: offset > 0, below: offset + page < count,
        style: context.theme.muted, into: &buffer)
    }
  }
}

/// Where a table's columns start, known once it is drawn, for header clicks.
private final class ColumnStarts {
  var values: [Int] = []
}
