import Foundation
import Testing

@testable import ComposableArchitecture

#if canImport(Glibc)
  import Glibc
#endif

/// How a file storage words what the system refused, and the lock it holds for other processes.
struct FileErrorsAndLocksTests {
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
