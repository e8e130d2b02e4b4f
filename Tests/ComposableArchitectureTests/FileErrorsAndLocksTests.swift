import Foundation
import Testing

@testable import ComposableArchitecture

#if canImport(Glibc)
  import Glibc
#endif

/// In a process of its own, whose files may grow to 16 bytes once it starts: a write that the system stops
/// half-way (EFBIG, as a full disk stops one with ENOSPC) is given up, the file keeps its old
/// value, and the new one lives on in memory.
private func writeBeyondTheSizeLimitInAChild() {
  // A hang (a failed write tried again forever) ends the child, failing the test.
  alarm(10)
  signal(SIGXFSZ, SIG_IGN)
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("limit-\(UUID())/stats.json")
  try? FileManager.default.createDirectory(
    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
  let before = try! JSONEncoder().encode(Stats())
  try! before.write(to: url)
  var limit = rlimit(rlim_cur: 16, rlim_max: rlim_t.max)
  precondition(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0)
  withIssueReporters([]) {
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let stats = Shared(wrappedValue: Stats(), .fileStorage(url))
      stats.withLock { $0.increment() }
      precondition(stats.wrappedValue.count == 1, "the value lives on in memory")
    }
  }
  let after = try? Data(contentsOf: url)
  try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
  precondition(after == before, "the file keeps what it held")
}

/// How a file storage words what the system refused, and the lock it holds for other processes.
struct FileErrorsAndLocksTests {
  @Test func aWriteTheSystemStopsHalfWayIsGivenUpAndTheOldFileKept() async {
    await #expect(processExitsWith: .success) {
      writeBeyondTheSizeLimitInAChild()
    }
  }

  @Test func aRefusalOfTheSystemIsSaidWithItsPathAndTheSystemsWords() {
    // The shape Foundation gives a failed read or write: a Cocoa error naming the path, over
    // the POSIX error that says why.
    let error = NSError(
      domain: NSCocoaErrorDomain, code: CocoaError.fileReadNoSuchFile.rawValue,
      userInfo: [
        NSFilePathErrorKey: "/state/stats.json",
        NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOTDIR)),
      ])
    #expect(reason(of: error) == "/state/stats.json: Not a directory")
  }

  @Test func aMutationHoldsTheLockOtherProcessesRespectEvenWhenItsFolderWasRemoved() throws {
    let top = temporaryDirectory().appendingPathComponent("removed")
    let url = top.appendingPathComponent("state/stats.json")
    let lockPath = url.deletingLastPathComponent().appendingPathComponent(".stats.json.lock").path
    try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let stats = Shared(wrappedValue: Stats(), .fileStorage(url))
      // Someone removes the state folder while the app runs.
      try FileManager.default.removeItem(at: top)
      stats.withLock { stats in
        stats.increment()
        // Another open description of the lock file is another process's, as flock sees it.
        let other = open(lockPath, O_RDWR)
        #expect(other >= 0, "the lock file is made again, with its folders")
        #expect(flock(other, LOCK_EX | LOCK_NB) != 0, "and locked while the mutation runs")
        if other >= 0 { close(other) }
      }
      #expect(stats.wrappedValue.count == 1)
    }
  }
}
