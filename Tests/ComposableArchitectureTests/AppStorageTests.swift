import Foundation
import TestFolders
import Testing

@testable import ComposableArchitecture

// The defaults file behind `.appStorage`: its format, atomic writes, merging with other writers,
// throttling, observation of other processes' writes, and bad files.

private enum Theme: String, Sendable {
  case light, dark
}

private enum Speed: Int, Sendable {
  case slow = 1
  case fast = 2
}

/// Defaults on the real file system, in a fresh folder of their own.
private func defaultsOnDisk(
  folder: String = "app", clock: any Clock<Duration> = ContinuousClock(),
  now: @escaping @Sendable () -> Date = { Date() }
) -> AppStorageDefaults {
  let url = temporaryDirectory().appendingPathComponent("\(folder)/app-storage.json")
  return AppStorageDefaults(url: url, storage: .fileSystem(clock: clock, now: now))
}

/// The file's JSON object, as another program would read it.
private func storedObject(at url: URL) -> [String: DefaultsValue]? {
  (try? Data(contentsOf: url)).flatMap {
    try? JSONDecoder().decode([String: DefaultsValue].self, from: $0)
  }
}

/// Replaces the file the way another process does: a whole new file renamed over it.
private func writeAsAnotherProcess(_ json: String, to url: URL) throws {
  try replaceFile(at: url, with: Data(json.utf8))
}

@MainActor
struct AppStorageTests {
  @Test func aValueChangedInsideAnotherValuesMutationIsWrittenOnceWhenTheOuterOneEnds() throws {
    let defaults = defaultsOnDisk()
    @Shared(.appStorage("outer", store: defaults)) var outer = 0
    @Shared(.appStorage("inner", store: defaults)) var inner = 0
    $outer.withLock { outer in
      outer = 1
      $inner.withLock { $0 = 2 }
      // Inside the outer transaction nothing is written yet: another process would see half.
      #expect(storedObject(at: defaults.url)?["inner"] == nil)
      outer = 3
    }
    #expect(storedObject(at: defaults.url) == ["outer": .int(3), "inner": .int(2)])
  }

  @Test func everyKindOfValueIsKeptAsPlainJSONAndReadBack() throws {
    let defaults = defaultsOnDisk()
    let date = Date(timeIntervalSince1970: 1_700_000_000.25)
    do {
      @Shared(.appStorage("isOn", store: defaults)) var isOn = false
      @Shared(.appStorage("count", store: defaults)) var count = 0
      @Shared(.appStorage("ratio", store: defaults)) var ratio = 0.5
      @Shared(.appStorage("name", store: defaults)) var name = ""
      @Shared(.appStorage("tags", store: defaults)) var tags: [String] = []
      @Shared(.appStorage("blob", store: defaults)) var blob = Data()
      @Shared(.appStorage("site", store: defaults)) var site = URL(string: "https://a.example")!
      @Shared(.appStorage("seen", store: defaults)) var seen = Date.distantPast
      @Shared(.appStorage("theme", store: defaults)) var theme = Theme.light
      @Shared(.appStorage("speed", store: defaults)) var speed = Speed.slow
      @Shared(.appStorage("nickname", store: defaults)) var nickname: String?
      $isOn.withLock { $0 = true }
      $count.withLock { $0 = 42 }
      $ratio.withLock { $0 = 2 }
      $name.withLock { $0 = "Blob \"Jr\"" }
      $tags.withLock { $0 = ["a", "b"] }
      $blob.withLock { $0 = Data([0, 1, 255]) }
      $site.withLock { $0 = URL(string: "https://pointfree.co/episodes?page=2")! }
      $seen.withLock { $0 = date }
      $theme.withLock { $0 = .dark }
      $speed.withLock { $0 = .fast }
      $nickname.withLock { $0 = "Bee" }
      $nickname.withLock { $0 = nil }
      defaults.flushPendingWrites()
    }

    let object = try #require(storedObject(at: defaults.url))
    #expect(object["isOn"] == .bool(true))
    #expect(object["count"] == .int(42))
    #expect(object["ratio"] == .double(2))
    #expect(object["name"] == .string("Blob \"Jr\""))
    #expect(object["tags"] == .array([.string("a"), .string("b")]))
    #expect(object["blob"] == .string("AAH/"))
    #expect(object["site"] == .string("https://pointfree.co/episodes?page=2"))
    #expect(object["seen"] == .string("2023-11-14T22:13:20.250Z"))
    #expect(object["theme"] == .string("dark"))
    #expect(object["speed"] == .int(2))
    #expect(object["nickname"] == nil)

    // Another run of the app reads them all back.
    let again = AppStorageDefaults(url: defaults.url, storage: .fileSystem)
    @Shared(.appStorage("isOn", store: again)) var isOn = false
    @Shared(.appStorage("count", store: again)) var count = 0
    @Shared(.appStorage("ratio", store: again)) var ratio = 0.5
    @Shared(.appStorage("name", store: again)) var name = ""
    @Shared(.appStorage("tags", store: again)) var tags: [String] = []
    @Shared(.appStorage("blob", store: again)) var blob = Data()
    @Shared(.appStorage("site", store: again)) var site = URL(string: "https://a.example")!
    @Shared(.appStorage("seen", store: again)) var seen = Date.distantPast
    @Shared(.appStorage("theme", store: again)) var theme = Theme.light
    @Shared(.appStorage("speed", store: again)) var speed = Speed.slow
    @Shared(.appStorage("nickname", store: again)) var nickname: String?
    #expect(isOn)
    #expect(count == 42)
    #expect(ratio == 2)
    #expect(name == "Blob \"Jr\"")
    #expect(tags == ["a", "b"])
    #expect(blob == Data([0, 1, 255]))
    #expect(site == URL(string: "https://pointfree.co/episodes?page=2")!)
    #expect(seen == date)
    #expect(theme == .dark)
    #expect(speed == .fast)
    #expect(nickname == nil)
  }

  @Test func theFileIsWrittenAtomicallyWithMode0600InAFolderOf0700() throws {
    let defaults = defaultsOnDisk(folder: "new/app")
    @Shared(.appStorage("count", store: defaults)) var count = 0
    $count.withLock { $0 = 1 }
    let folder = defaults.url.deletingLastPathComponent()
    let fileMode =
      try FileManager.default.attributesOfItem(atPath: defaults.url.path)[
        .posixPermissions] as? Int
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: folder.path)[
        .posixPermissions] as? Int
    #expect(fileMode == 0o600)
    #expect(folderMode == 0o700)
    // Only the file and its lock are left: no temporary file.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == [".app-storage.json.lock", "app-storage.json"])
    let lockMode =
      try FileManager.default.attributesOfItem(
        atPath: folder.appendingPathComponent(".app-storage.json.lock").path)[.posixPermissions]
      as? Int
    #expect(lockMode == 0o600)
  }

  @Test func aWriteKeepsTheNamesItDoesNotKnow() throws {
    let defaults = defaultsOnDisk()
    try FileManager.default.createDirectory(
      at: defaults.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try writeAsAnotherProcess(
      #"{ "other": "kept", "nested": { "list": [1, 2.5, null] }, "count": 3 }"#, to: defaults.url)
    @Shared(.appStorage("count", store: defaults)) var count = 0
    #expect(count == 3)
    $count.withLock { $0 += 1 }
    let object = try #require(storedObject(at: defaults.url))
    #expect(object["count"] == .int(4))
    #expect(object["other"] == .string("kept"))
    #expect(object["nested"] == .object(["list": .array([.int(1), .double(2.5), .null])]))
  }

  @Test func twoWritersOfOneFileNeverLoseEachOthersNames() async throws {
    let url = temporaryDirectory().appendingPathComponent("app/app-storage.json")
    // Two defaults on one file behave as two processes would: caches, locks and writes of
    // their own.
    let first = AppStorageDefaults(url: url, storage: .fileSystem(clock: ImmediateClock()))
    let second = AppStorageDefaults(url: url, storage: .fileSystem(clock: ImmediateClock()))
    await withTaskGroup(of: Void.self) { group in
      for (defaults, key) in [(first, "first"), (second, "second")] {
        group.addTask {
          let shared = Shared(wrappedValue: 0, .appStorage(key, store: defaults))
          for _ in 1...50 {
            shared.withLock { $0 += 1 }
          }
          defaults.flushPendingWrites()
        }
      }
    }
    let settled = await eventually {
      let object = storedObject(at: url)
      return object?["first"] == .int(50) && object?["second"] == .int(50)
    }
    #expect(settled)
  }

  @Test func everyMutationIsWrittenAtOnceAndSetIsThrottled() async {
    let clock = TestClock()
    let defaults = defaultsOnDisk(clock: clock)
    @Shared(.appStorage("count", store: defaults)) var count = 0
    $count.withLock { $0 = 1 }
    #expect(storedObject(at: defaults.url)?["count"] == .int(1))
    $count.withLock { $0 = 2 }
    $count.withLock { $0 += 1 }
    #expect(storedObject(at: defaults.url)?["count"] == .int(3))
    // Setting a value through the defaults replaces it, and waits for its turn.
    defaults.set(10, forKey: "other")
    defaults.set(11, forKey: "other")
    #expect(storedObject(at: defaults.url)?["other"] == nil)
    await clock.advance(by: .seconds(1))
    let arrived = await eventually { storedObject(at: defaults.url)?["other"] == .int(11) }
    #expect(arrived)
    defaults.set(12, forKey: "other")
    #expect(storedObject(at: defaults.url)?["other"] == .int(11))
    defaults.flushPendingWrites()
    #expect(storedObject(at: defaults.url)?["other"] == .int(12))
  }

  @Test func aMutationStartsFromAnotherProcessesValueThatNoWatcherReportedYet() throws {
    let url = temporaryDirectory().appendingPathComponent("app/app-storage.json")
    // A storage whose watcher never fires: only the mutation can see the other process's write.
    var storage = FileStorage.fileSystem
    storage.watch = { _, _ in .empty }
    let defaults = AppStorageDefaults(url: url, storage: storage)
    @Shared(.appStorage("count", store: defaults)) var count = 0
    $count.withLock { $0 += 1 }
    try writeAsAnotherProcess(#"{ "count" : 41, "theirs" : true }"#, to: url)
    $count.withLock { $0 += 1 }
    #expect(count == 42)
    #expect(storedObject(at: url) == ["count": .int(42), "theirs": .bool(true)])
  }

  @Test func anotherProcessesChangeReachesTheHoldersOfThatNameOnly() async throws {
    let defaults = defaultsOnDisk()
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("name", store: defaults)) var name = "Blob"
    let holder = Shared($count)
    $count.withLock { $0 = 1 }
    $name.withLock { $0 = "Blob" }
    defaults.flushPendingWrites()
    // The watcher hears of our own writes too; under load it may be late. Let it catch up, so
    // what the observers below hear is the other process's write alone.
    try await Task.sleep(for: .milliseconds(300))
    let countChanged = LockIsolated(false)
    let nameChanged = LockIsolated(false)
    withObservationTracking {
      _ = holder.wrappedValue
    } onChange: {
      countChanged.setValue(true)
    }
    withObservationTracking {
      _ = name
    } onChange: {
      nameChanged.setValue(true)
    }

    try writeAsAnotherProcess(#"{ "count": 42, "name": "Blob" }"#, to: defaults.url)

    let arrived = await eventually { holder.wrappedValue == 42 }
    #expect(arrived)
    #expect(countChanged.value)
    #expect(count == 42)
    try await Task.sleep(for: .milliseconds(50))
    #expect(!nameChanged.value)
    #expect(name == "Blob")
  }

  @Test func aNameRemovedElsewhereGoesBackToItsDefault() async throws {
    let defaults = defaultsOnDisk()
    @Shared(.appStorage("count", store: defaults)) var count = 10
    $count.withLock { $0 = 11 }
    try writeAsAnotherProcess("{}", to: defaults.url)
    let reset = await eventually { count == 10 }
    #expect(reset)
  }

  @Test func anotherProcessesChangeIsKeptByOurNextWrite() async throws {
    let defaults = defaultsOnDisk()
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("name", store: defaults)) var name = ""
    $count.withLock { $0 = 1 }
    try writeAsAnotherProcess(#"{ "count": 1, "name": "theirs" }"#, to: defaults.url)
    $count.withLock { $0 = 2 }
    defaults.flushPendingWrites()
    let object = try #require(storedObject(at: defaults.url))
    #expect(object["count"] == .int(2))
    #expect(object["name"] == .string("theirs"))
    let arrived = await eventually { name == "theirs" }
    #expect(arrived)
  }

  @Test func aCorruptFileIsKeptAsideWithAWarning() throws {
    let defaults = defaultsOnDisk(now: { Date(timeIntervalSince1970: 1_000) })
    let folder = defaults.url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: defaults.url)
    var count: Shared<Int>?
    withKnownIssue {
      count = Shared(wrappedValue: 7, .appStorage("count", store: defaults))
    } matching: { issue in
      let text = message(of: issue)
      return text.contains(defaults.url.path) && text.contains("app-storage.json.corrupt-1000")
    }
    #expect(count?.wrappedValue == 7)
    let backup = folder.appendingPathComponent("app-storage.json.corrupt-1000")
    #expect(try String(contentsOf: backup, encoding: .utf8) == "{ not json")
    // The defaults start again, empty, and are written as usual.
    count?.withLock { $0 = 8 }
    #expect(storedObject(at: defaults.url) == ["count": .int(8)])
  }

  @Test func anUnreadableFileIsReportedAndNeverWrittenOver() throws {
    let defaults = defaultsOnDisk()
    // A folder where the file should be: it cannot be read as a file.
    try FileManager.default.createDirectory(at: defaults.url, withIntermediateDirectories: true)
    var count: Shared<Int>?
    withKnownIssue {
      count = Shared(wrappedValue: 7, .appStorage("count", store: defaults))
    } matching: { issue in
      message(of: issue).contains("Could not read")
    }
    count?.withLock { $0 = 8 }
    #expect(count?.wrappedValue == 8)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: defaults.url.path, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test func declarationsOfTwoTypesForOneNameFollowEachOther() {
    let defaults = AppStorageDefaults.inMemory
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("count", store: defaults)) var maybeCount: Int?
    $count.withLock { $0 = 3 }
    #expect(maybeCount == 3)
    $maybeCount.withLock { $0 = nil }
    #expect(count == 0)
    #expect(defaults.value(forKey: "count", as: Int.self) == nil)
  }

  @Test func settingTheDefaultsDirectlyReachesEveryHolder() {
    let defaults = AppStorageDefaults.inMemory
    @Shared(.appStorage("count", store: defaults)) var count = 0
    @Shared(.appStorage("name", store: defaults)) var name: String?
    defaults.set(5, forKey: "count")
    defaults.set("Blob", forKey: "name")
    #expect(count == 5)
    #expect(name == "Blob")
    defaults.removeObject(forKey: "name")
    #expect(name == nil)
    #expect(defaults.value(forKey: "count", as: Int.self) == 5)
    // A value of another type under the name is not taken.
    defaults.set("five", forKey: "count")
    #expect(count == 5)
  }

  @Test func testsGetEmptyInMemoryDefaultsOfTheirOwn() {
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults !== AppStorageDefaults.standard)
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { $0 += 1 }
    #expect(defaults.value(forKey: "count", as: Int.self) == 1)
    #expect(!FileManager.default.fileExists(atPath: defaults.url.path))
  }

  @Test func theAppsFileIsInTheUserStateFolderNamedForTheApp() {
    let expected = UserDirectories.current.state
      .appendingPathComponent(ProcessInfo.processInfo.processName)
      .appendingPathComponent("app-storage.json")
    #expect(AppStorageDefaults.standard.url == expected.standardizedFileURL)
  }

  @Test func numbersAreEqualByValueWhateverTheirJSONSpelling() throws {
    let decoded = try JSONDecoder().decode(
      [String: DefaultsValue].self, from: Data(#"{ "a": 2, "b": 2.0, "c": 2.5, "d": true }"#.utf8))
    #expect(decoded["a"] == .double(2))
    #expect(decoded["b"] == .int(2))
    #expect(decoded["c"] == .double(2.5))
    #expect(decoded["d"] == .bool(true))
    #expect(decoded["d"] != .int(1))
    #expect(Int._appStorageCoding.decode(.double(2)) == 2)
    #expect(Int._appStorageCoding.decode(.double(2.5)) == nil)
    #expect(Bool._appStorageCoding.decode(.int(1)) == nil)
  }

  @Test func valuesJSONHasNoNumberForAreKeptAsStrings() {
    let coding = Double._appStorageCoding
    #expect(coding.encode(.infinity) == .string("Infinity"))
    #expect(coding.encode(-.infinity) == .string("-Infinity"))
    #expect(coding.decode(.string("Infinity")) == .infinity)
    #expect(coding.decode(.string("NaN"))?.isNaN == true)
    #expect(Date._appStorageCoding.decode(.int(0)) == Date(timeIntervalSince1970: 0))
    #expect(
      Date._appStorageCoding.decode(.string("2023-11-14T22:13:20Z"))
        == Date(timeIntervalSince1970: 1_700_000_000))
  }
}
