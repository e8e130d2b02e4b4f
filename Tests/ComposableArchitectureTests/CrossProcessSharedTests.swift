import ComposableArchitecture
import Foundation
import TestFolders
import Testing

// Two real processes (Swift Testing's exit tests: each runs in a child process of its own) on
// one state folder, as two instances of an app are: every mutation of a `.fileStorage` or
// `.appStorage` value applies to what the file holds, so no update is lost.

/// The folder the child processes work in (they inherit the parent's environment).
private let folderVariable = "CROSS_PROCESS_SHARED_FOLDER"

private struct Tally: Codable, Equatable, Sendable {
  var count = 0
  var firstsField = 0
  var secondsField = 0
}

private let increments = 1_000

/// What each child does: `increments` increments of the shared count, and one field of its own
/// set as it goes, through both spellings of a mutation.
private func incrementAsAChild(isFirst: Bool) {
  guard let folder = ProcessInfo.processInfo.environment[folderVariable] else {
    fatalError("\(folderVariable) is not set")
  }
  let directory = URL(fileURLWithPath: folder)
  withDependencies {
    $0.defaultFileStorage = .fileSystem
    $0.defaultAppStorage = AppStorageDefaults(
      url: directory.appendingPathComponent("app-storage.json"))
  } operation: {
    // `let`: a `@Shared` field mutates in place without the state being a variable.
    let state = ChildState(isFirst: isFirst, directory: directory)
    for step in 1...increments {
      if step.isMultiple(of: 2) {
        state.$tally.withLock { $0.count += 1 }
        state.$count.withLock { $0 += 1 }
      } else {
        // In place, as a reducer writes `state.tally.count += 1`.
        state.tally.count += 1
        state.count += 1
      }
      if isFirst { state.tally.firstsField = step } else { state.tally.secondsField = step }
      state.own = step
    }
  }
}

/// A feature's state holding the values, as a reducer mutates them.
private struct ChildState {
  @Shared var tally: Tally
  @Shared var count: Int
  @Shared var own: Int

  init(isFirst: Bool, directory: URL) {
    _tally = Shared(
      wrappedValue: Tally(), .fileStorage(directory.appendingPathComponent("tally.json")))
    _count = Shared(wrappedValue: 0, .appStorage("count"))
    _own = Shared(wrappedValue: 0, .appStorage(isFirst ? "first" : "second"))
  }
}

@Suite(.serialized)
struct CrossProcessSharedTests {
  @Test func twoProcessesMakingAThousandIncrementsEachEndAtTwoThousand() async throws {
    let directory = temporaryDirectory()
    setenv(folderVariable, directory.path, 1)
    async let first = #expect(processExitsWith: .success) {
      incrementAsAChild(isFirst: true)
    }
    async let second = #expect(processExitsWith: .success) {
      incrementAsAChild(isFirst: false)
    }
    _ = await (first, second)

    let tally = try JSONDecoder().decode(
      Tally.self, from: Data(contentsOf: directory.appendingPathComponent("tally.json")))
    #expect(
      tally == Tally(count: 2 * increments, firstsField: increments, secondsField: increments))
    let defaults = try JSONSerialization.jsonObject(
      with: Data(contentsOf: directory.appendingPathComponent("app-storage.json")))
    #expect(
      defaults as? [String: Int]
        == ["count": 2 * increments, "first": increments, "second": increments])
  }
}
