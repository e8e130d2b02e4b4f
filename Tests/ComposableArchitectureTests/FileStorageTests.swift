import ComposableArchitecture
import Foundation
import TestFolders
import Testing

private func decodedStats(at url: URL) -> Stats? {
  (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Stats.self, from: $0) }
}

/// Waits, yielding, until `condition` holds or two seconds pass.
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<400 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

@MainActor
struct FileStorageTests {
  @Test func aValueRoundTripsThroughItsFileWithMode0600() throws {
    let url = temporaryDirectory().appendingPathComponent("state/stats.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let stats = Shared(wrappedValue: Stats(), .fileStorage(url))
      stats.withLock { $0.increment() }
    }
    #expect(decodedStats(at: url)?.count == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let reloaded = withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    #expect(reloaded.wrappedValue.count == 1)
  }

  @Test func everyMutationIsWrittenAtOnceAndTheKeysSaveIsThrottled() async {
    let url = temporaryDirectory().appendingPathComponent("stats.json")
    let clock = TestClock()
    let storage = FileStorage.fileSystem(clock: clock)
    let key = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      FileStorageKey<Stats>.fileStorage(url)
    }
    let stats = Shared(wrappedValue: Stats(), key)
    stats.withLock { $0.increment() }
    #expect(decodedStats(at: url)?.count == 1)
    stats.withLock { $0.increment() }
    stats.wrappedValue.increment()
    #expect(decodedStats(at: url)?.count == 3)
    // A key's own `save` (not a mutation) waits for its turn: at most one write a second.
    key.save(Stats(count: 10))
    key.save(Stats(count: 11))
    #expect(decodedStats(at: url)?.count == 3)
    await clock.advance(by: .seconds(1))
    let arrived = await eventually { decodedStats(at: url)?.count == 11 }
    #expect(arrived)
    key.save(Stats(count: 12))
    #expect(decodedStats(at: url)?.count == 11)
    storage.flushPendingWrites()
    #expect(decodedStats(at: url)?.count == 12)
  }

  @Test func aMutationReplacesAnOlderPendingWrite() async {
    let url = temporaryDirectory().appendingPathComponent("stats.json")
    let clock = TestClock()
    let storage = FileStorage.fileSystem(clock: clock)
    let key = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      FileStorageKey<Stats>.fileStorage(url)
    }
    let stats = Shared(wrappedValue: Stats(), key)
    stats.withLock { $0.increment() }
    key.save(Stats(count: 5))  // waits for its turn
    stats.withLock { $0.increment() }  // 2, written at once: the 5 is dropped
    #expect(decodedStats(at: url)?.count == 2)
    await clock.advance(by: .seconds(2))
    try? await Task.sleep(for: .milliseconds(50))
    #expect(decodedStats(at: url)?.count == 2)
    storage.flushPendingWrites()
    #expect(decodedStats(at: url)?.count == 2)
  }

  @Test func aMutationStartsFromAnotherProcessesValueThatNoWatcherReportedYet() throws {
    let url = temporaryDirectory().appendingPathComponent("stats.json")
    // A storage whose watcher never fires: only the mutation can see the other process's write.
    var storage = FileStorage.fileSystem
    storage.watch = { _, _ in .empty }
    let stats = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    stats.withLock { $0.increment() }
    try replaceFile(at: url, with: JSONEncoder().encode(Stats(count: 41)))
    // In place, as a reducer writes it: one critical section, not a read then a write.
    stats.wrappedValue.increment()
    #expect(stats.wrappedValue.count == 42)
    #expect(decodedStats(at: url)?.count == 42)
    try replaceFile(at: url, with: JSONEncoder().encode(Stats(count: 99)))
    stats.wrappedValue.count += 1
    #expect(decodedStats(at: url)?.count == 100)
  }

  @Test func aCorruptFileYieldsTheDefaultAndIsKeptAside() throws {
    let directory = temporaryDirectory()
    let url = directory.appendingPathComponent("stats.json")
    try Data("{ not json".utf8).write(to: url)
    var stats: Shared<Stats>?
    withKnownIssue {
      stats = withDependencies {
        $0.defaultFileStorage = .fileSystem(
          clock: ImmediateClock(), now: { Date(timeIntervalSince1970: 1_000) })
      } operation: {
        Shared(wrappedValue: Stats(), .fileStorage(url))
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains(url.path) && text.contains("stats.json.corrupt-1000")
        && text.contains("default value")
    }
    #expect(stats?.wrappedValue == Stats())
    let backup = directory.appendingPathComponent("stats.json.corrupt-1000")
    #expect(try String(contentsOf: backup, encoding: .utf8) == "{ not json")
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aSecondCorruptFileDoesNotOverwriteTheFirstBackup() throws {
    let directory = temporaryDirectory()
    let url = directory.appendingPathComponent("stats.json")
    for contents in ["first", "second"] {
      try Data(contents.utf8).write(to: url)
      withKnownIssue {
        withDependencies {
          $0.defaultFileStorage = .fileSystem(
            clock: ImmediateClock(), now: { Date(timeIntervalSince1970: 1_000) })
        } operation: {
          _ = Shared(wrappedValue: Stats(), .fileStorage(url))
        }
      }
    }
    let first = directory.appendingPathComponent("stats.json.corrupt-1000")
    let second = directory.appendingPathComponent("stats.json.corrupt-1000-1")
    #expect(try String(contentsOf: first, encoding: .utf8) == "first")
    #expect(try String(contentsOf: second, encoding: .utf8) == "second")
  }

  @Test func anUnwritableLocationIsReportedOnceAndTheValueStaysInMemory() async throws {
    let directory = temporaryDirectory()
    // A regular file where the state directory should be: nothing can be written below it.
    let blocker = directory.appendingPathComponent("blocked")
    try Data().write(to: blocker)
    let url = blocker.appendingPathComponent("stats.json")
    let clock = TestClock()
    let storage = FileStorage.fileSystem(clock: clock)
    let stats = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    withKnownIssue {
      stats.withLock { $0.increment() }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("Could not save") && text.contains(url.path)
    }
    stats.withLock { $0.increment() }
    storage.flushPendingWrites()
    #expect(stats.wrappedValue.count == 2)
  }

  @Test func aFileWrittenByAnotherProcessFlowsIntoEveryHolder() async throws {
    let url = temporaryDirectory().appendingPathComponent("stats.json")
    let stats = withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    let holder = Shared(stats)
    stats.withLock { $0.increment() }
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = holder.wrappedValue.count
    } onChange: {
      fired.setValue(true)
    }
    // Another writer replaces the file, as a second instance of the app would.
    let foreign = try JSONEncoder().encode(Stats(count: 42, maxCount: 42))
    try replaceFile(at: url, with: foreign)
    let arrived = await eventually { holder.wrappedValue.count == 42 }
    #expect(arrived)
    #expect(fired.value)
  }

  @Test func aSecondStorageWriterIsSeenLiveInMemoryToo() async throws {
    let storage = FileStorage.inMemory()
    let url = URL(fileURLWithPath: "/state/stats.json")
    let stats = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    stats.withLock { $0.increment() }
    #expect(stats.wrappedValue.count == 1)
    try storage.save(try JSONEncoder().encode(Stats(count: 7)), url)
    #expect(stats.wrappedValue.count == 7)
  }

  @Test func aLateEchoOfOurOwnWritesNeverRollsBackTheNewestValue() {
    let url = URL(fileURLWithPath: "/state/stats.json")
    var storage = FileStorage.inMemory(clock: TestClock())
    // The watcher's callbacks, to deliver an echo late, as a real file system may.
    let watchers = LockIsolated<[@Sendable () -> Void]>([])
    let watch = storage.watch
    storage.watch = { url, onChange in
      watchers.withValue { $0.append(onChange) }
      return watch(url, onChange)
    }
    let stats = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: Stats(), .fileStorage(url))
    }
    stats.withLock { $0.increment() }  // written at once: the file holds 1
    stats.withLock { $0.increment() }  // and then 2
    for echo in watchers.value { echo() }  // the file system reports the writes, late
    #expect(stats.wrappedValue.count == 2)
    let saved = try? storage.load(url).map { try JSONDecoder().decode(Stats.self, from: $0) }
    #expect(saved?.count == 2)
    // The callbacks hold the value's file, which holds this storage, which holds them.
    watchers.setValue([])
  }

  @Test func aFileThatCannotBeReadIsNeverWrittenOver() {
    let url = URL(fileURLWithPath: "/state/stats.json")
    var storage = FileStorage.inMemory()
    struct Unreadable: Error {}
    storage.load = { _ in throw Unreadable() }
    let saves = LockIsolated(0)
    let save = storage.save
    storage.save = { data, url in
      saves.withValue { $0 += 1 }
      try save(data, url)
    }
    var stats = Shared(value: Stats())
    withKnownIssue {
      stats = withDependencies {
        $0.defaultFileStorage = storage
      } operation: {
        Shared(wrappedValue: Stats(), .fileStorage(url))
      }
    } matching: { issue in
      message(of: issue).contains("Could not read")
    }
    stats.withLock { $0.increment() }
    storage.flushPendingWrites()
    #expect(stats.wrappedValue.count == 1, "the value lives on in memory")
    #expect(saves.value == 0)
  }

  @Test func testsUseAnInMemoryFileSystemByDefault() {
    let url = temporaryDirectory().appendingPathComponent("never-written.json")
    let stats = Shared(wrappedValue: Stats(), .fileStorage(url))
    stats.withLock { $0.increment() }
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}
