import Foundation

/// Where screen snapshots live and how one is checked: a text file in `__Snapshots__/<test
/// file>/` next to the test, named `<test>.<name>.txt` (or `<test>.<n>.txt`, counting the
/// unnamed snapshots of a test), compared line by line.
///
/// TerminalUITesting keeps its snapshots itself rather than through swift-snapshot-testing, whose
/// package asks swift-custom-dump for its FoundationNetworking trait: a package in an app's
/// graph that asks for it links FoundationNetworking and libcurl into the app itself. The files
/// are laid out as swift-snapshot-testing lays them out.
enum SnapshotStore {
  /// Whether snapshots are recorded: only when the environment sets `SNAPSHOT_RECORD=1`.
  static var isRecording: Bool { ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" }

  /// Checks `text` against the snapshot of a test, recording it when told to; returns what to
  /// report, or `nil` when it matches.
  static func verify(
    _ text: String, named name: String?, filePath: String, testName: String,
    artifacts: URL? = nil
  ) -> String? {
    let fileURL = URL(fileURLWithPath: filePath, isDirectory: false)
    let fileName = fileURL.deletingPathExtension().lastPathComponent
    let directory = fileURL.deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
    let identifier =
      name.map(sanitized)
      ?? String(counter.next(for: directory.appendingPathComponent(testName).path))
    let snapshotURL = directory.appendingPathComponent("\(sanitized(testName)).\(identifier).txt")
    let fileManager = FileManager.default
    do {
      if isRecording {
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: snapshotURL, options: .atomic)
        return """
          Recorded the snapshot (SNAPSHOT_RECORD=1 is set): review it, then run the test again \
          without SNAPSHOT_RECORD to check against it.

          open "\(snapshotURL.absoluteString)"
          """
      }
      guard fileManager.fileExists(atPath: snapshotURL.path) else {
        return """
          No reference was found on disk for the snapshot \(snapshotURL.lastPathComponent). \
          New snapshot was not recorded because recording is disabled.
          """
      }
      let reference = String(decoding: try Data(contentsOf: snapshotURL), as: UTF8.self)
      guard reference != text else { return nil }
      // The screen as it is now, beside the reference, for a diff tool.
      let artifacts =
        (artifacts
        ?? URL(
          fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"]
            ?? NSTemporaryDirectory(), isDirectory: true)).appendingPathComponent(fileName)
      try fileManager.createDirectory(at: artifacts, withIntermediateDirectories: true)
      let failedURL = artifacts.appendingPathComponent(snapshotURL.lastPathComponent)
      try Data(text.utf8).write(to: failedURL, options: .atomic)
      let title =
        name.map { "Snapshot \"\($0)\" does not match reference." }
        ?? "Snapshot does not match reference."
      return """
        \(title)

        @−
        "\(snapshotURL.absoluteString)"
        @+
        "\(failedURL.absoluteString)"

        \(lineDiff(from: reference, to: text))
        """
    } catch {
      return "Could not check the snapshot \(snapshotURL.path): \(error.localizedDescription)"
    }
  }

  /// A name as a file name's part: runs of anything but letters, digits and `_` become `-`, and
  /// none is left at either end.
  static func sanitized(_ name: String) -> String {
    var result = ""
    var pendingDash = false
    for character in name {
      if character.isLetter || character.isNumber || character == "_" {
        if pendingDash, !result.isEmpty { result.append("-") }
        pendingDash = false
        result.append(character)
      } else {
        pendingDash = true
      }
    }
    return result
  }

  /// How many unnamed snapshots each test has checked so far.
  private static let counter = SnapshotCounter()
}

/// Counts, per test, the unnamed snapshots it checks, so that each has a file of its own.
private final class SnapshotCounter: @unchecked Sendable {
  private var counts: [String: Int] = [:]
  private let lock = NSLock()

  func next(for key: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    counts[key, default: 0] += 1
    return counts[key]!
  }
}

/// The lines that differ between two texts, in hunks with up to three lines of context around
/// each change: ` ` a line both have, `−` one only `old` has, `+` one only `new` has, each hunk
/// under a `@@ −start,count +start,count @@` line.
func lineDiff(from old: String, to new: String) -> String {
  let a = old.split(separator: "\n", omittingEmptySubsequences: false)
  let b = new.split(separator: "\n", omittingEmptySubsequences: false)
  // The longest common subsequence, by dynamic programming (snapshots are a screen's rows).
  var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  enum Edit { case same, removed, added }
  var edits: [(edit: Edit, line: Substring, oldIndex: Int, newIndex: Int)] = []
  var (i, j) = (0, 0)
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      edits.append((.same, a[i], i, j))
      (i, j) = (i + 1, j + 1)
    } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // What goes comes before what replaces it.
      edits.append((.removed, a[i], i, j))
      i += 1
    } else {
      edits.append((.added, b[j], i, j))
      j += 1
    }
  }
  let context = 3
  let changed = edits.indices.filter { edits[$0].edit != .same }
  var hunks: [String] = []
  var index = 0
  while index < changed.count {
    var end = index
    while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
    let first = max(0, changed[index] - context)
    let last = min(edits.count - 1, changed[end] + context)
    let slice = edits[first...last]
    let oldCount = slice.filter { $0.edit != .added }.count
    let newCount = slice.filter { $0.edit != .removed }.count
    var hunk = [
      "@@ −\(slice.first!.oldIndex + 1),\(oldCount) +\(slice.first!.newIndex + 1),\(newCount) @@"
    ]
    for entry in slice {
      let mark = entry.edit == .same ? " " : entry.edit == .removed ? "−" : "+"
      hunk.append(mark + entry.line)
    }
    hunks.append(hunk.joined(separator: "\n"))
    index = end + 1
  }
  return hunks.joined(separator: "\n")
}
