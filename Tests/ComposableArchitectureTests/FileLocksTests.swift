import Dispatch
import Foundation
import Testing

@testable import ComposableArchitecture

// File locks and the record of swept files are process-wide: each keeps only what is in use or
// a bounded number of entries, so a process that opens a file per document does not grow
// without end.

private func file(_ index: Int) -> URL {
  URL(fileURLWithPath: "/tmp/file-locks-tests/\(index).json")
}

@Test func filesLockedOneAfterAnotherLeaveNoEntry() {
  let locks = FileLocks(acrossProcesses: false)
  for index in 0..<100 {
    locks.withLock(file(index)) {
      #expect(locks.entryCount == 1)
    }
  }
  #expect(locks.entryCount == 0)
}

@Test func aLockTakenTwiceByOneThreadStaysUntilItsLastRelease() {
  let locks = FileLocks(acrossProcesses: false)
  #expect(locks.lock(file(1)) == 1)
  #expect(locks.lock(file(1)) == 2)
  locks.unlock(file(1))
  #expect(locks.entryCount == 1)
  #expect(locks.lock(file(1)) == 2, "still held once: the entry kept its depth")
  locks.unlock(file(1))
  locks.unlock(file(1))
  #expect(locks.entryCount == 0)
}

@Test func threadsTakingOneFilesLockStillExcludeEachOther() async {
  let locks = FileLocks(acrossProcesses: false)
  final class Counter: @unchecked Sendable { var value = 0 }
  let counter = Counter()
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<4 {
      group.addTask {
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            for _ in 0..<500 {
              locks.withLock(file(7)) {
                let value = counter.value
                counter.value = value + 1
              }
            }
            continuation.resume()
          }
        }
      }
    }
  }
  #expect(counter.value == 2_000)
  #expect(locks.entryCount == 0)
}

@Test func theSweptFilesRememberedAreBounded() {
  let path = "/tmp/swept-\(UUID())/stats.json"
  #expect(!rememberSwept(path))
  #expect(rememberSwept(path))
  for index in 0...sweptFilesLimit {
    _ = rememberSwept("/tmp/swept-bound/\(index).json")
  }
  #expect(sweptFilesCount <= sweptFilesLimit)
}
