import TerminalUICore

/// A column of a ``Table``: its title, its identity, how wide it is, how its cells align, and the
/// text of a row's cell.
///
/// For example, `TableColumn("Qty", id: ItemColumn.quantity, width: .fixed(5), alignment:
/// .trailing) { "\($0.quantity)" }`.
public struct TableColumn<Element> {
  /// How wide a column is.
  public enum Width: Hashable, Sendable {
    /// Exactly this many columns.
    case fixed(Int)
    /// As wide as its title and the cells in view.
    case fit
    /// A share of what the other columns leave, at least `minimum`.
    case flexible(minimum: Int)
  }

  /// Where a cell's text sits in its column.
  public enum Alignment: Hashable, Sendable {
    case leading, center, trailing
  }

  let title: String
  /// What a ``ColumnSort`` names the column by: the `id` it was made with, or its title.
  let id: AnyHashable
  let width: Width
  let alignment: Alignment
  let text: (Element) -> String

  /// A column titled `title` whose cells show `text`. Its identity is its title: a
  /// `ColumnSort<String>` names it by its title.
  public init(
    _ title: String, width: Width = .flexible(minimum: 4), alignment: Alignment = .leading,
    text: @escaping (Element) -> String
  ) {
    self.init(title, id: title, width: width, alignment: alignment, text: text)
  }

  /// A column titled `title`, known by `id` (a value the app chooses, such as a case of an enum
  /// of its columns), whose cells show `text`. A ``ColumnSort`` of the same type names it: the
  /// sort keeps its meaning when other columns are shown, hidden or moved.
  public init<ID: Hashable & Sendable>(
    _ title: String, id: ID, width: Width = .flexible(minimum: 4),
    alignment: Alignment = .leading, text: @escaping (Element) -> String
  ) {
    self.title = title
    self.id = AnyHashable(id)
    self.width = width
    self.alignment = alignment
    self.text = text
  }
}

/// Which column a table is sorted by, named by the column's identity, and which way. The table
/// shows it and changes it; the owner of the data sorts the data when it changes.
///
/// For example, with an enum of the table's columns:
///
/// ```swift
/// enum ItemColumn: Hashable, Sendable { case name, quantity }
/// var sort: ColumnSort<ItemColumn>? = ColumnSort(.quantity, ascending: false)
/// ```
///
/// Only the columns whose `id` is a `Column` can be sorted by: `s` and a click on a title
/// move among them.
public struct ColumnSort<Column: Hashable & Sendable>: Hashable, Sendable {
  /// The identity of the column the rows are sorted by.
  public var column: Column
  /// Whether the smallest values come first.
  public var ascending: Bool

  /// Sorted by `column`, ascending unless told otherwise.
  public init(_ column: Column, ascending: Bool = true) {
    self.column = column
    self.ascending = ascending
  }
}

/// Which column a table is sorted by, by its position, and which way.
@available(
  *, deprecated,
  message:
    "a position changes meaning when a column is hidden: give columns an id and bind a ColumnSort"
)
public struct TableSort: Hashable, Sendable {
  /// The column's position, from 0.
  public var column: Int
  /// Whether the smallest values come first.
  public var ascending: Bool

  /// Sorted by `column`, ascending unless told otherwise.
  public init(column: Int, ascending: Bool = true) {
    self.column = column
    self.ascending = ascending
  }
}

/// Builds the columns of a ``Table``: columns, `if`/`else`, `for` loops and `ForEach`, so that
/// the app decides which columns show.
///
/// For example, a quantity column the user can hide:
///
/// <!-- context: tui-items-model, tui-items-screen -->
/// ```swift
/// Table(model.items, id: \.id, selection: $model.selection, sort: $model.sort) {
///   TableColumn("Name", id: ItemColumn.name) { $0.name }
///   if model.showsQuantity {
///     TableColumn("Qty", id: ItemColumn.quantity, width: .fixed(5)) { "\($0.quantity)" }
///   }
/// }
/// ```
///
/// Columns are sorted by their identity, so hiding one does not change which the sort names.
@resultBuilder
@MainActor
public enum TableColumnBuilder<Element> {
  /// One column.
  public static func buildExpression(_ column: TableColumn<Element>) -> [TableColumn<Element>] {
    [column]
  }
  /// The columns a `ForEach` makes, one or more for each of its elements.
  public static func buildExpression(
    _ columns: ForEach<TableColumn<Element>>
  ) -> [TableColumn<Element>] {
    columns.items
  }
  /// The columns of a block.
  public static func buildBlock(_ parts: [TableColumn<Element>]...) -> [TableColumn<Element>] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [TableColumn<Element>]?) -> [TableColumn<Element>] {
    part ?? []
  }
  /// The `if` branch of an `if`/`else`.
  public static func buildEither(first part: [TableColumn<Element>]) -> [TableColumn<Element>] {
    part
  }
  /// The `else` branch of an `if`/`else`.
  public static func buildEither(second part: [TableColumn<Element>]) -> [TableColumn<Element>] {
    part
  }
  /// A `for` loop.
  public static func buildArray(_ parts: [[TableColumn<Element>]]) -> [TableColumn<Element>] {
    parts.flatMap { $0 }
  }
  /// `if #available` blocks.
  public static func buildLimitedAvailability(
    _ part: [TableColumn<Element>]
  ) -> [TableColumn<Element>] {
    part
  }
}

extension ForEach {
  /// Columns of a table for each element, in a ``TableColumnBuilder``.
  ///
  /// For example, the columns the user chose, in the order they chose:
  ///
  /// <!-- context: tui-items-model, tui-items-screen -->
  /// ```swift
  /// Table(model.items, id: \.id, selection: $model.selection, sort: $model.sort) {
  ///   ForEach(model.columns) { column in
  ///     TableColumn(column == .name ? "Name" : "Qty", id: column) { item in
  ///       column == .name ? item.name : "\(item.quantity)"
  ///     }
  ///   }
  /// }
  /// ```
  public init<Data: Sequence, Row>(
    _ data: Data,
    @TableColumnBuilder<Row> columns: (Data.Element) -> [TableColumn<Row>]
  ) where Content == TableColumn<Row> {
    self.init(items: data.flatMap(columns))
  }
}

/// How a table reads and writes its sort, whichever way the app binds it.
@MainActor
struct TableSortBinding<Element> {
  /// The sorted column's position among `columns`, and its direction.
  let current: @MainActor ([TableColumn<Element>]) -> (index: Int, ascending: Bool)?
  /// Sorts by the column at a position among `columns`.
  let set: @MainActor ([TableColumn<Element>], Int, Bool) -> Void
  /// Whether the table can sort by a column.
  let canSort: @MainActor (TableColumn<Element>) -> Bool

  /// A sort that names columns by their identity.
  init<Column: Hashable & Sendable>(_ binding: Binding<ColumnSort<Column>?>) {
    current = { columns in
      guard let sort = binding.wrappedValue else { return nil }
      let id = AnyHashable(sort.column)
      return columns.firstIndex { $0.id == id }.map { ($0, sort.ascending) }
    }
    set = { columns, index, ascending in
      guard let column = columns[index].id.base as? Column else { return }
      binding.wrappedValue = ColumnSort(column, ascending: ascending)
    }
    canSort = { $0.id.base is Column }
  }

  /// A sort that names columns by their position.
  @available(*, deprecated)
  init(positions binding: Binding<TableSort?>) {
    current = { columns in
      guard let sort = binding.wrappedValue, columns.indices.contains(sort.column) else {
        return nil
      }
      return (sort.column, sort.ascending)
    }
    set = { _, index, ascending in
      binding.wrappedValue = TableSort(column: index, ascending: ascending)
    }
    canSort = { _ in true }
  }
}
