import Observation
import Synchronization
import TerminalUI
import TerminalUITesting
import Testing

// A table: a header, columns sized by their rules and aligned (wide characters included), a
// selection bound to state, sorting by a key or a header click, and only the rows in view built.

private enum FruitColumn: Hashable, Sendable { case name, quantity }

private struct Fruit: Identifiable, Equatable {
  let id: Int
  let name: String
  let quantity: Int
}

@MainActor
@Observable
private final class Stock {
  var fruits = [
    Fruit(id: 1, name: "Apple", quantity: 12),
    Fruit(id: 2, name: "日本の梨", quantity: 3),
    Fruit(id: 3, name: "Cherry", quantity: 120),
    Fruit(id: 4, name: "Banana", quantity: 7),
  ]
  var selection: Int? = 1
  var sort: ColumnSort<FruitColumn>?
  var opened: [Int] = []

  /// The fruits in the table's order: the owner of the data sorts it.
  var sorted: [Fruit] {
    guard let sort else { return fruits }
    let ordered = fruits.sorted {
      sort.column == .name ? $0.name < $1.name : $0.quantity < $1.quantity
    }
    return sort.ascending ? ordered : ordered.reversed()
  }
}

private struct StockView: View {
  @Bindable var model: Stock

  var body: some View {
    Table(
      model.sorted, id: \.id, selection: $model.selection, sort: $model.sort,
      onActivate: { model.opened.append($0) }
    ) {
      TableColumn("Name", id: FruitColumn.name, width: .flexible(minimum: 6)) { $0.name }
      TableColumn("Qty", id: FruitColumn.quantity, width: .fixed(5), alignment: .trailing) {
        "\($0.quantity)"
      }
      // Not sorted by: its identity (its title) is not a FruitColumn.
      TableColumn("Kind", width: .fit, alignment: .center) { $0.quantity > 10 ? "bulk" : "few" }
    }
  }
}

@MainActor
private func makeApp(width: Int = 30, height: Int = 6) -> (Application, HeadlessBackend, Stock) {
  let model = Stock()
  let backend = HeadlessBackend(width: width, height: height)
  let app = Application(backend: backend, showsHelpBar: true) { StockView(model: model) }
  app.renderIfNeeded()
  return (app, backend, model)
}

@MainActor
struct TableTests {
  @Test func theScreensArrowKeysLeaveTheHelpWhileTheTableTakesThem() {
    let model = Stock()
    let backend = HeadlessBackend(width: 80, height: 8)
    let app = Application(backend: backend, showsHelpBar: true) {
      StockView(model: model)
        .keys(KeyTable { KeyBinding(.down, "next page", "next") }) { _ in }
    }
    app.renderIfNeeded()
    #expect(app.focusedIndex == 0)
    #expect(!app.helpText.contains("next page"), "the focused table takes ↓")
  }

  @Test func columnsFollowTheirRulesAndStayAlignedWithWideCharacters() {
    let (_, backend, _) = makeApp()
    assertScreen(backend)
    // Every row puts its quantity at the same column, wide characters or not.
    let quantityEnds = backend.buffer.lines[1...4].map { line in
      displayWidth(String(line.prefix { !$0.isNumber }))
        + line.drop { !$0.isNumber }.prefix { $0.isNumber }.count
    }
    #expect(Set(quantityEnds).count == 1, "\(backend.buffer.lines)")
  }

  @Test func combiningMarksTakeNoColumn() {
    var selection: String? = nil
    let backend = HeadlessBackend(width: 16, height: 3)
    let app = Application(backend: backend) {
      Table(
        ["e\u{301}te\u{301}", "ab"], id: \.self,
        selection: Binding(get: { selection }, set: { selection = $0 })
      ) {
        TableColumn("Word", width: .fixed(6)) { $0 }
        TableColumn("Len", width: .fixed(3), alignment: .trailing) { "\($0.count)" }
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1] == "e\u{301}te\u{301}      3      ")
    #expect(backend.buffer.lines[2] == "ab       2      ")
  }

  @Test func aScreenKeyLeavesTheHelpOnlyWhileTheFocusedTableSortsWithIt() {
    let model = Stock()
    let app = Application(backend: HeadlessBackend(width: 80, height: 8), showsHelpBar: true) {
      StockView(model: model)
        .keys(KeyTable { KeyBinding(.character("s"), "save", "save") }) { _ in }
    }
    app.renderIfNeeded()
    #expect(app.helpText.contains("s sort"))
    #expect(!app.helpText.contains("s save"), "the focused table sorts with s")
    // A table that does not sort leaves s to the screen.
    var selection: Int? = nil
    let plain = Application(backend: HeadlessBackend(width: 80, height: 8), showsHelpBar: true) {
      Table([1, 2], id: \.self, selection: Binding(get: { selection }, set: { selection = $0 })) {
        TableColumn("N", width: .fixed(3)) { "\($0)" }
      }
      .keys(KeyTable { KeyBinding(.character("s"), "save", "save") }) { _ in }
    }
    plain.renderIfNeeded()
    #expect(plain.focusedIndex == 0)
    #expect(plain.helpText.contains("s save"))
  }

  @Test func theHelpListsTheTablesKeys() {
    let (app, _, _) = makeApp()
    #expect(app.helpText.hasPrefix("enter open  s sort  r reverse"))
  }

  @Test func keysMoveTheSelectionAndOpenARow() {
    let (app, backend, model) = makeApp()
    app.handle([.down, .down])
    #expect(model.selection == 3)
    #expect(backend.buffer[0, 3].style.reverse)
    app.handle([.enter])
    #expect(model.opened == [3])
    app.handle([.end])
    #expect(model.selection == 4)
    app.handle([.home])
    #expect(model.selection == 1)
  }

  @Test func sortingByKeyAndByHeaderClick() {
    let (app, backend, model) = makeApp()
    app.handle([.character("s")])
    #expect(model.sort == ColumnSort(.name))
    #expect(backend.buffer.lines[0].hasPrefix("Name ▲"))
    #expect(backend.buffer.lines[1].hasPrefix("Apple"))
    #expect(backend.buffer.lines[2].hasPrefix("Banana"))
    app.handle([.character("r")])
    #expect(model.sort == ColumnSort(.name, ascending: false))
    #expect(backend.buffer.lines[1].hasPrefix("日本の梨"))
    // A click on "Qty" sorts by it; a second, the other way.
    guard let qty = backend.buffer.lines[0].range(of: "Qty") else {
      Issue.record("no Qty title")
      return
    }
    let column = displayWidth(String(backend.buffer.lines[0][..<qty.lowerBound]))
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: column, y: 0)))])
    #expect(model.sort == ColumnSort(.quantity))
    #expect(backend.buffer.lines[1].hasPrefix("日本の梨"), "3 is the smallest quantity")
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: column, y: 0)))])
    #expect(model.sort == ColumnSort(.quantity, ascending: false))
    #expect(backend.buffer.lines[1].hasPrefix("Cherry"))
    #expect(model.selection == 1, "sorting keeps the selected row, wherever it went")
    #expect(backend.buffer.lines[2].hasPrefix("Apple"))
    #expect(backend.buffer[0, 2].style.reverse)
    // `s` moves among the columns the sort can name: past Qty, back to Name, never Kind.
    app.handle([.character("s")])
    #expect(model.sort == ColumnSort(.name))
    // A click on Kind, whose identity is not a FruitColumn, sorts nothing.
    guard let kind = backend.buffer.lines[0].range(of: "Kind") else {
      Issue.record("no Kind title")
      return
    }
    let kindColumn = displayWidth(String(backend.buffer.lines[0][..<kind.lowerBound]))
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: kindColumn, y: 0)))])
    #expect(model.sort == ColumnSort(.name))
  }

  @Test func clicksChooseRowsAndTheWheelMovesTheSelection() {
    let (app, _, model) = makeApp()
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 2, y: 3)))])
    #expect(model.selection == 3)
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 2, y: 3)))])
    #expect(model.selection == 4)
    app.handle([.mouse(MouseEvent(.scrollUp, at: Position(x: 2, y: 3)))])
    #expect(model.selection == 3)
  }

  @Test func aHundredThousandRowsCostWhatTheRowsInViewCost() {
    final class Reads: Sendable { let count = Atomic<Int>(0) }
    struct Rows: RandomAccessCollection {
      let reads: Reads
      var startIndex: Int { 0 }
      var endIndex: Int { 100_000 }
      subscript(position: Int) -> Int {
        reads.count.add(1, ordering: .relaxed)
        return position
      }
    }
    let reads = Reads()
    var selection: Int? = 0
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) {
      Table(
        Rows(reads: reads), id: \.self,
        selection: Binding(get: { selection }, set: { selection = $0 })
      ) {
        TableColumn("N", width: .fit, alignment: .trailing) { "\($0)" }
        TableColumn("Square") { "\($0 * $0)" }
      }
    }
    app.renderIfNeeded()
    reads.count.store(0, ordering: .relaxed)
    app.handle([.end])
    #expect(selection == 99_999)
    #expect(backend.buffer.lines[9].hasPrefix("99999"))
    #expect(reads.count.load(ordering: .relaxed) < 100, "rows in view, not every row")
  }

  @Test func narrowAndTinyScreensDoNotCrash() {
    for size in [Size(width: 1, height: 1), Size(width: 7, height: 3), Size(width: 0, height: 0)] {
      let (app, _, _) = makeApp(width: size.width, height: size.height)
      app.handle([
        .down, .character("s"), .character("r"), .end,
        .mouse(MouseEvent(.press(.left), at: Position(x: 0, y: 0))),
      ])
    }
  }
}

extension TableTests {
  @Test func scrolledToItsLastRowATableShowsRowsAboveAndNoneBelow() {
    let (app, backend, _) = makeApp(height: 4)
    #expect(backend.buffer.lines[2].hasSuffix("↓"), "two of four rows show")
    app.handle([.end])
    #expect(backend.buffer.lines[1].hasSuffix("↑"))
    #expect(!backend.buffer.lines[2].hasSuffix("↓"), "the last row shows: nothing is below")
  }
}
