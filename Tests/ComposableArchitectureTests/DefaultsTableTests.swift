import Testing

@testable import ComposableArchitecture

/// The table of app storage values, between this process's changes and the file other
/// processes write: a change made while a write is under way is not that write's, and stays
/// pending until a write of its own carries it.
struct DefaultsTableTests {
  @Test func aChangeMadeDuringAWriteOutlivesAnotherProcessesWrite() {
    let table = DefaultsTable()
    table.set(.int(1), forKey: "count", from: nil)
    // The write starts, carrying count = 1.
    _ = table.merge([:])
    // Meanwhile the app changes it again.
    table.set(.int(2), forKey: "count", from: nil)
    table.didWrite()
    table.finishWrite()
    // Another process writes the file, with the value of the first write.
    table.replaceFromFile(["count": .int(1)])
    #expect(table.value(forKey: "count") == .int(2), "the change made during the write is kept")
  }

  @Test func aChangeAWriteCarriedGivesWayToAnotherProcessesLaterWrite() {
    let table = DefaultsTable()
    table.set(.int(1), forKey: "count", from: nil)
    _ = table.merge([:])
    table.didWrite()
    table.finishWrite()
    table.replaceFromFile(["count": .int(5)])
    #expect(table.value(forKey: "count") == .int(5))
  }
}
