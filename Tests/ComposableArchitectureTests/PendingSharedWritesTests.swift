import ComposableArchitecture
import Foundation
import Synchronization
import Testing

/// A key that keeps each saved value waiting until it is flushed, as a key that saves at most
/// once a minute would.
private struct PatientKey: SharedKey, FlushableSharedKey {
  final class Disk: Sendable {
    let pending = Mutex<Int?>(nil)
    let written = Mutex<[Int]>([])
  }
  let name: String
  let disk: Disk

  var id: String { name }
  func load(initialValue: Int) -> Int? { nil }
  func subscribe(
    initialValue: Int, didSet: @escaping @Sendable (Int) -> Void
  ) -> SharedSubscription { .empty }
  func save(_ value: Int) { disk.pending.withLock { $0 = value } }
  func flushPendingWrite() {
    guard let value = disk.pending.withLock({ $0.take() }) else { return }
    disk.written.withLock { $0.append(value) }
  }
}

/// What the child process checks: a flush writes what every live key has waiting, so it runs in
/// a process of its own, where no other test's throttled write is waiting.
private func flushInAChild() {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("flush-\(UUID())/stats.json")
  let disk = PatientKey.Disk()
  withDependencies {
    $0.defaultFileStorage = .fileSystem(clock: TestClock())
  } operation: {
    let count = Shared(wrappedValue: 0, PatientKey(name: "patient", disk: disk))
    count.withLock { $0 = 3 }
    count.withLock { $0 = 4 }
    precondition(disk.written.withLock { $0 } == [], "nothing is written before the flush")
    // The file key's own save waits its turn after the first.
    let key = FileStorageKey<Stats>.fileStorage(url)
    key.save(Stats(count: 1))
    key.save(Stats(count: 2))
    flushPendingSharedWrites()
    precondition(disk.written.withLock { $0 } == [4], "the latest value, once")
    let stored = (try? Data(contentsOf: url)).flatMap {
      try? JSONDecoder().decode(Stats.self, from: $0)
    }
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    precondition(stored?.count == 2, "the file storage's pending save is written")
    flushPendingSharedWrites()
    precondition(disk.written.withLock { $0 } == [4], "nothing waits any more")
    _ = count
  }
}

struct PendingSharedWritesTests {
  @Test func flushingWritesWhatAKeyOfYoursAndTheFileStorageHaveWaiting() async {
    await #expect(processExitsWith: .success) {
      flushInAChild()
    }
  }
}
