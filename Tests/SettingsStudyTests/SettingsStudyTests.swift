import ComposableArchitecture
import DemoSupport
import Foundation
import TestFolders
import Testing

@testable import SettingsStudy

@MainActor
struct SettingsStudyTests {
  @Test func theSheetReadsTheClientAndWritesEveryChange() async {
    let client = SettingsClient.inMemory(DisplaySettings(theme: .ocean))
    let store = TestStore(initialState: SettingsStudy.State()) {
      SettingsStudy()
    } withDependencies: {
      $0.settingsClient = client
    }
    await store.send(.openSettingsButtonTapped) {
      $0.settingsSheet = SettingsFeature.State(settings: DisplaySettings(theme: .ocean))
    }
    await store.send(.settingsSheet(.presented(.binding(.set(\.settings.theme, .forest))))) {
      $0.settingsSheet?.settings.theme = .forest
    }
    #expect(client.get() == DisplaySettings(theme: .forest))
    await store.send(.settingsSheet(.presented(.binding(.set(\.settings.colorEnabled, false))))) {
      $0.settingsSheet?.settings.colorEnabled = false
    }
    await store.send(.settingsSheet(.presented(.binding(.set(\.settings.showsHelpBar, false))))) {
      $0.settingsSheet?.settings.showsHelpBar = false
    }
    #expect(
      client.get() == DisplaySettings(theme: .forest, colorEnabled: false, showsHelpBar: false))
    await store.send(.settingsSheet(.presented(.doneButtonTapped)))
    await store.receive(\.settingsSheet.dismiss) { $0.settingsSheet = nil }
  }

  @Test func theScreenKeepsObservingWhileTheSheetChangesTheSettings() async {
    let client = SettingsClient.inMemory()
    let store = TestStore(initialState: SettingsStudy.State()) {
      SettingsStudy()
    } withDependencies: {
      $0.settingsClient = client
    }
    let task = await store.send(.task)
    await store.receive(\.settingsChanged, DisplaySettings())
    await store.send(.openSettingsButtonTapped) {
      $0.settingsSheet = SettingsFeature.State(settings: DisplaySettings())
    }
    await store.send(.settingsSheet(.presented(.binding(.set(\.settings.theme, .sunset))))) {
      $0.settingsSheet?.settings.theme = .sunset
    }
    await store.receive(\.settingsChanged, DisplaySettings(theme: .sunset)) {
      $0.settings.theme = .sunset
      $0.changesObserved = 1
    }
    try? await client.set(DisplaySettings(theme: .sunset, colorEnabled: false))
    await store.receive(\.settingsChanged) {
      $0.settings.colorEnabled = false
      $0.changesObserved = 2
    }
    await store.send(.settingsSheet(.dismiss)) { $0.settingsSheet = nil }
    await task.cancel()
  }

  @Test func aFailedSaveShowsUnderTheFormAndTheNextGoodSaveClearsIt() async {
    let failing = LockIsolated(true)
    let store = TestStore(initialState: SettingsFeature.State(settings: DisplaySettings())) {
      SettingsFeature()
    } withDependencies: {
      $0.settingsClient.change = { _, _ in
        if failing.value { throw SettingsClient.SaveError(message: "disk full") }
      }
    }
    await store.send(.binding(.set(\.settings.showsHelpBar, false))) {
      $0.settings.showsHelpBar = false
    }
    await store.receive(\.saveFailed, "disk full") {
      $0.saveError = "Not saved: disk full"
    }
    failing.setValue(false)
    await store.send(.binding(.set(\.settings.showsHelpBar, true))) {
      $0.settings.showsHelpBar = true
      $0.saveError = nil
    }
  }

  @Test func aChangeKeepsTheFieldsAnotherInstanceChangedMeanwhile() async throws {
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent("settings.json")
    let client = SettingsClient.file(in: directory, storage: .fileSystem)
    // This instance's form opens on the defaults.
    let form = client.get()
    // Another instance picks the ocean theme, writing the file under the same lock.
    try replaceFile(at: url, with: JSONEncoder().encode(DisplaySettings(theme: .ocean)))
    // This instance's form turns colour off, then the help bar: its copy of the theme is stale.
    var turnedOff = form
    turnedOff.colorEnabled = false
    try await client.change(form, turnedOff)
    var helpOff = turnedOff
    helpOff.showsHelpBar = false
    try await client.change(turnedOff, helpOff)
    let saved = try JSONDecoder().decode(DisplaySettings.self, from: Data(contentsOf: url))
    #expect(saved == DisplaySettings(theme: .ocean, colorEnabled: false, showsHelpBar: false))
    #expect(client.get() == saved)
  }

  @Test func theLiveClientSavesReadablyOnlyByTheUserAndReadsItBack() async throws {
    let directory = try temporaryDirectory()
    let client = SettingsClient.file(in: directory, storage: .fileSystem)
    #expect(client.get() == DisplaySettings())
    try await client.set(DisplaySettings(theme: .ocean, showsHelpBar: false))
    let url = directory.appendingPathComponent("settings.json")
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let saved = try JSONDecoder().decode(DisplaySettings.self, from: Data(contentsOf: url))
    #expect(saved == DisplaySettings(theme: .ocean, showsHelpBar: false))
    #expect(
      SettingsClient.file(in: directory, storage: .fileSystem).get() == saved,
      "one value per folder")
  }

  @Test func aCorruptFileGivesTheDefaultsAWarningAndIsKept() async throws {
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent("settings.json")
    try Data("{ not json".utf8).write(to: url)
    withKnownIssue {
      #expect(SettingsClient.file(in: directory, storage: .fileSystem).get() == DisplaySettings())
    } matching: { issue in
      issue.description.contains("settings.json is not valid settings; it was kept as")
    }
    #expect(try backups(in: directory) == ["{ not json"])
    // Saving afterwards writes a fresh file and leaves the kept one alone.
    try await SettingsClient.file(in: directory, storage: .fileSystem).set(
      DisplaySettings(theme: .sunset))
    #expect(try backups(in: directory) == ["{ not json"])
  }

  @Test func aSecondCorruptFileNeverReplacesTheFirstOnesBackup() throws {
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent("settings.json")
    for content in ["first bad", "second bad"] {
      try Data(content.utf8).write(to: url)
      withKnownIssue {
        #expect(SettingsFile.load(url, storage: .fileSystem).0 == DisplaySettings())
      } matching: {
        $0.description.contains("is not valid settings")
      }
    }
    #expect(try backups(in: directory).sorted() == ["first bad", "second bad"])
  }

  @Test func anUnreadableFileIsMovedAsideNotOverwritten() async throws {
    // A folder where the file should be: reading fails even for root, and nothing in it is lost.
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent("settings.json")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try Data("keep me".utf8).write(to: url.appendingPathComponent("inside"))
    withKnownIssue {
      #expect(SettingsClient.file(in: directory, storage: .fileSystem).get() == DisplaySettings())
    } matching: {
      $0.description.contains("settings.json can't be read; it was kept as")
    }
    try await SettingsClient.file(in: directory, storage: .fileSystem).set(
      DisplaySettings(theme: .forest))
    let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("settings.json.corrupt-") }
    #expect(kept.count == 1)
    let inside = directory.appendingPathComponent(kept[0]).appendingPathComponent("inside")
    #expect(try String(contentsOf: inside, encoding: .utf8) == "keep me")
    let saved = try JSONDecoder().decode(DisplaySettings.self, from: Data(contentsOf: url))
    #expect(saved == DisplaySettings(theme: .forest))
  }

  @Test func concurrentSavesAllSucceedAndTheFileHoldsTheLastValue() async throws {
    let directory = try temporaryDirectory()
    let client = SettingsClient.file(in: directory, storage: .fileSystem)
    var observer = client.observe().makeAsyncIterator()
    _ = await observer.next()
    let values = (0..<64).map { index in
      DisplaySettings(
        theme: AccentTheme.allCases[index % AccentTheme.allCases.count],
        colorEnabled: index.isMultiple(of: 2),
        showsHelpBar: index.isMultiple(of: 3))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for value in values {
        group.addTask { try await client.set(value) }
      }
      try await group.waitForAll()
    }
    let url = directory.appendingPathComponent("settings.json")
    let saved = try JSONDecoder().decode(DisplaySettings.self, from: Data(contentsOf: url))
    #expect(saved == client.get(), "the file and the current value agree")
    var last = DisplaySettings()
    for _ in values { last = await observer.next() ?? last }
    #expect(last == client.get(), "the last change observers hear is the current value")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  func backups(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("settings.json.corrupt-") }
      .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
  }

  @Test func aFailingWriteThrowsButKeepsTheNewSettingsForThisRun() async throws {
    // The state folder's path is taken by a file: nothing can be written there, even by root.
    let blocked = try temporaryDirectory().appendingPathComponent("state")
    try Data("not a folder".utf8).write(to: blocked)
    let client = SettingsClient.file(in: blocked, storage: .fileSystem)
    await #expect(throws: SettingsClient.SaveError.self) {
      try await client.set(DisplaySettings(theme: .forest))
    }
    #expect(client.get() == DisplaySettings(theme: .forest))
    #expect(try String(contentsOf: blocked, encoding: .utf8) == "not a folder")
  }

  @Test func observersHearTheCurrentValueThenEachChange() async throws {
    let client = SettingsClient.file(in: try temporaryDirectory(), storage: .fileSystem)
    var iterator = client.observe().makeAsyncIterator()
    #expect(await iterator.next() == DisplaySettings())
    try await client.set(DisplaySettings(colorEnabled: false))
    #expect(await iterator.next() == DisplaySettings(colorEnabled: false))
  }

  func temporaryDirectory() throws -> URL {
    makeTemporaryFolder("settings-tests")
  }
}
