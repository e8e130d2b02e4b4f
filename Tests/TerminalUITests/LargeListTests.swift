import Synchronization
import TerminalUI
import Testing

// A list builds only the rows in view and finds its selection where it left it: a frame and a
// key cost the same with 20 rows or 100,000 (`make bench` times it; here the work is counted).

/// Counts reads of the elements' ids and the rows built.
private final class Reads: Sendable {
  let ids = Atomic<Int>(0)
  let rows = Atomic<Int>(0)
}

private struct Item: Identifiable {
  let number: Int
  let reads: Reads
  var id: Int {
    reads.ids.add(1, ordering: .relaxed)
    return number
  }
}

/// A random-access collection of items made on demand, so 100,000 of them cost nothing until
/// read.
private struct Items: RandomAccessCollection {
  let count: Int
  let reads: Reads
  var startIndex: Int { 0 }
  var endIndex: Int { count }
  subscript(position: Int) -> Item { Item(number: position, reads: reads) }
}

@MainActor
struct LargeListTests {
  @Test func aHundredThousandRowsCostWhatTheRowsInViewCost() {
    let reads = Reads()
    var selection: Int? = nil
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) {
      List(
        Items(count: 100_000, reads: reads),
        selection: Binding(get: { selection }, set: { selection = $0 })
      ) { item in
        let _ = reads.rows.add(1, ordering: .relaxed)
        Text("Row \(item.number)")
      }
    }
    app.renderIfNeeded()
    #expect(reads.rows.load(ordering: .relaxed) == 10, "one row per line in view")
    #expect(reads.ids.load(ordering: .relaxed) < 20)
    app.handle([.down])
    #expect(selection == 0)
    reads.ids.store(0, ordering: .relaxed)
    reads.rows.store(0, ordering: .relaxed)
    app.handle([.end])
    #expect(selection == 99_999)
    #expect(backend.buffer.lines[9].hasPrefix("Row 99999"))
    #expect(reads.rows.load(ordering: .relaxed) == 10)
    #expect(reads.ids.load(ordering: .relaxed) < 20, "the selection is found where it was left")
    reads.ids.store(0, ordering: .relaxed)
    app.handle([.up, .up, .pageUp, .home])
    #expect(selection == 0)
    #expect(backend.buffer.lines[0].hasPrefix("Row 0"))
    #expect(reads.ids.load(ordering: .relaxed) < 40)
  }

  @Test func aSelectionSetFromOutsideIsFoundAgain() {
    var selection: Int? = 5
    let backend = HeadlessBackend(width: 30, height: 4)
    let app = Application(backend: backend) {
      List(
        Array(0..<50), id: \.self, selection: Binding(get: { selection }, set: { selection = $0 })
      ) {
        Text("Row \($0)")
      }
    }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[3].hasPrefix("Row 5"))
    selection = 40
    app.setNeedsDisplay()
    app.renderIfNeeded()
    #expect(backend.buffer.lines[3].hasPrefix("Row 40"))
    app.handle([.down])
    #expect(selection == 41)
  }

  @Test func aSequenceThatIsNotACollectionStillLists() {
    var selection: Int? = nil
    let backend = HeadlessBackend(width: 20, height: 3)
    let app = Application(backend: backend) {
      List(
        sequence(first: 1, next: { $0 < 4 ? $0 + 1 : nil }), id: \.self,
        selection: Binding(get: { selection }, set: { selection = $0 })
      ) { Text("N \($0)") }
    }
    app.renderIfNeeded()
    app.handle([.end])
    #expect(selection == 4)
    #expect(backend.buffer.lines[2].hasPrefix("N 4"))
  }
}
