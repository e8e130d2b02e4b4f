import ComposableArchitecture
import Foundation
import Testing

// `withLock` as upstream's SyncUps app uses it: a closure that reads a shared value derived from
// the same storage (the detail's sync-up, from the list's), and locks taken from many tasks.

private struct SyncUp: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

struct SharedLockTests {
  @Test func aClosureReadsASharedValueDerivedFromTheStorageItMutates() throws {
    @Shared(.inMemory("lock-sync-ups")) var syncUps: IdentifiedArrayOf<SyncUp> = [
      SyncUp(id: 1, title: "Design"), SyncUp(id: 2, title: "Engineering"),
    ]
    let syncUp = try #require(Shared($syncUps[id: 1]))
    $syncUps.withLock { syncUps in
      // The delete flow: the derived value is read while the list is being mutated.
      syncUps.remove(id: syncUp.wrappedValue.id)
    }
    #expect(syncUps.map(\.id) == [2])
    $syncUps.withLock { syncUps in
      syncUps[id: 2]?.title = "Platform"
      #expect($syncUps[id: 2].wrappedValue?.title == "Platform", "the change made so far")
    }
    #expect(syncUps[id: 2]?.title == "Platform")
  }

  @Test func locksTakenFromManyTasksLoseNoIncrement() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<1_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 2_000)
  }
}
