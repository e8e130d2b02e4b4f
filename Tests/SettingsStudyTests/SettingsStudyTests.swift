import ComposableArchitecture
import DemoSupport
import Foundation
import SettingsStudy
import Testing

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
      $0.settingsClient.set = { _ in
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

  @Test func theLiveClientSavesReadablyOnlyByTheUserAndReadsItBack() async throws {
    let directory = try temporaryDirectory()
    let client = SettingsClient.file(in: directory)
    #expect(client.get() == DisplaySettings())
    try await client.set(DisplaySettings(theme: .ocean, showsHelpBar: false))
    let url = directory.appendingPathComponent("settings.json")
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let saved = try JSONDecoder().decode(DisplaySettings.self, from: Data(contentsOf: url))
    #expect(saved == DisplaySettings(theme: .ocean, showsHelpBar: false))
    #expect(SettingsClient.file(in: directory).get() == saved, "one value per folder")
  }

  @Test func aCorruptFileGivesTheDefaultsAWarningAndIsKept() async throws {
    let directory = try temporaryDirectory()
    let url = directory.appendingPathComponent("settings.json")
    try Data("{ not json".utf8).write(to: url)
    withKnownIssue {
      #expect(SettingsClient.file(in: directory).get() == DisplaySettings())
    } matching: { issue in
      issue.description.contains("settings.json is not valid settings; using the defaults")
    }
    let kept = try String(contentsOf: url.appendingPathExtension("corrupt"), encoding: .utf8)
    #expect(kept == "{ not json")
  }

  @Test func aFailingWriteThrowsButKeepsTheNewSettingsForThisRun() async throws {
    // The state folder's path is taken by a file: nothing can be written there, even by root.
    let blocked = try temporaryDirectory().appendingPathComponent("state")
    try Data("not a folder".utf8).write(to: blocked)
    let client = SettingsClient.file(in: blocked)
    await #expect(throws: SettingsClient.SaveError.self) {
      try await client.set(DisplaySettings(theme: .forest))
    }
    #expect(client.get() == DisplaySettings(theme: .forest))
    #expect(try String(contentsOf: blocked, encoding: .utf8) == "not a folder")
  }

  @Test func observersHearTheCurrentValueThenEachChange() async throws {
    let client = SettingsClient.file(in: try temporaryDirectory())
    var iterator = client.observe().makeAsyncIterator()
    #expect(await iterator.next() == DisplaySettings())
    try await client.set(DisplaySettings(colorEnabled: false))
    #expect(await iterator.next() == DisplaySettings(colorEnabled: false))
  }

  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("settings-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
