import Foundation
import Synchronization

/// The folders made by ``makeTemporaryFolder(_:)`` in this process; `nil` until the first.
private let madeFolders = Mutex<[URL]?>(nil)

/// A fresh, empty folder in the system's temporary directory, named `PREFIX-<uuid>`, removed
/// with everything in it when the test process exits, so that a test run leaves nothing behind
/// however its tests end.
///
/// For example, `let state = makeTemporaryFolder("faults")` for a test on real files.
public func makeTemporaryFolder(_ prefix: String) -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
  try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  madeFolders.withLock { folders in
    if folders == nil {
      folders = []
      atexit { removeTemporaryFolders() }
    }
    folders?.append(url)
  }
  return url
}

/// Removes every folder ``makeTemporaryFolder(_:)`` made (at exit), making each writable first
/// so that a test that took a permission away does not leave its folder behind.
private func removeTemporaryFolders() {
  let folders = madeFolders.withLock { $0 ?? [] }
  for folder in folders {
    if let paths = FileManager.default.enumerator(atPath: folder.path) {
      for case let path as String in paths {
        _ = chmod(folder.appendingPathComponent(path).path, 0o700)
      }
    }
    _ = chmod(folder.path, 0o700)
    try? FileManager.default.removeItem(at: folder)
  }
}

/// Replaces a file the way another process writing atomically does: the new contents go to a
/// file beside it, renamed over it. (Foundation's `.atomic` option does the same through a
/// folder in the temporary directory that it leaves behind on Linux.)
///
/// For example, `try replaceFile(at: statsURL, with: Data(json.utf8))`.
public func replaceFile(at url: URL, with data: Data) throws {
  let temporary = url.deletingLastPathComponent()
    .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
  try data.write(to: temporary)
  guard rename(temporary.path, url.path) == 0 else {
    let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    try? FileManager.default.removeItem(at: temporary)
    throw error
  }
}
