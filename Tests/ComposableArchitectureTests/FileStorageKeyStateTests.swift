import Foundation
import Testing

@testable import ComposableArchitecture

/// The write bookkeeping of a file when what holds it goes away. (Through `@Shared` the same
/// holds, but a store history recording in a test running alongside may keep a reference a
/// moment longer, so these tests hold the file directly.)
struct FileStorageKeyStateTests {
  let url = URL(fileURLWithPath: "/state/stats.json")

  /// An app that makes keys without end (a file per document, a storage per test) keeps the
  /// cache of shared references to the ones alive: an entry goes with its reference.
  @Test func keysMadeWithoutEndLeaveOnlyTheLiveOnesInTheCache() {
    for index in 0..<2_000 {
      withDependencies {
        $0.defaultFileStorage = .inMemory()
      } operation: {
        // Read, not changed: a store history recording in a test running alongside keeps the
        // references it sees change, for travelling back.
        @Shared(.fileStorage(URL(fileURLWithPath: "/documents/\(index).json"))) var count = index
        #expect(count == index)
      }
    }
    let left = SharedReferences.ids.compactMap { $0.base as? FileStorageKey<Int>.ID }
      .filter { $0.path.hasPrefix("/documents/") }.count
    #expect(left == 0, "entries of references that are gone")
  }

  /// A throttled write whose file goes before its turn is written as the file goes: nothing
  /// waits for a flush that may never come, and nothing keeps the file alive for it.
  @Test func aWriteStillWaitingIsMadeWhenItsFileGoes() throws {
    let storage = FileStorage.inMemory(clock: TestClock())
    weak var state: FileStorageKeyState?
    do {
      let file = PersistedFile(url: url, storage: storage)
      state = file.state
      file.state.save { Data("1".utf8) }
      file.state.save { Data("2".utf8) }
      #expect(try storage.load(url) == Data("1".utf8), "the second write waits for its turn")
    }
    #expect(state == nil, "nothing keeps the file alive for its pending write")
    #expect(try storage.load(url) == Data("2".utf8))
  }

  /// The last hold on a file can be its own watch, released under the in-memory storage's lock
  /// when the watch ends: the write the file then makes takes that lock too, so it must come
  /// after the lock is let go (it once trapped on a recursive lock).
  @Test func aFileReleasedByTheEndOfItsWatchWritesWithoutDeadlock() throws {
    let storage = FileStorage.inMemory(clock: TestClock())
    weak var state: FileStorageKeyState?
    var subscription: SharedSubscription?
    do {
      let file = PersistedFile(url: url, storage: storage)
      state = file.state
      file.state.save { Data("1".utf8) }
      file.state.save { Data("2".utf8) }
      subscription = storage.watch(url) { _ = file }
    }
    #expect(state != nil, "the watch holds the file")
    subscription?.cancel()
    #expect(state == nil)
    #expect(try storage.load(url) == Data("2".utf8))
  }
}
