import ComposableArchitecture
import DemoApp
import Foundation
import Logging
import TerminalUI
import TestFolders
import Testing

/// After the sign-up tape runs on real files with a log, the password it types is in no state
/// file, no log line (`_printChanges` included), no screen, and no snapshot or recorded tape of
/// the repository. (`Tests/tmux/app.sh` checks the same of a real terminal session, with its
/// recorded tape and standard error.)
@MainActor
struct SecretsTests {
  static let password = "hunter22secret"

  static var repository: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  @Test func theSignUpPasswordReachesNoFileLogOrScreen() async throws {
    let folder = makeTemporaryFolder("secrets")
    let state = folder.appendingPathComponent("state", isDirectory: true)
    let log = folder.appendingPathComponent("demo.log")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let handler = try FileLogHandler(path: log.path)
    let configuration = try DemoConfiguration(
      open: "sign-up", deepLink: nil, stateDirectory: state.path, logFile: log.path,
      replay: "tape", record: nil, size: "80x24", noColor: false, environment: [:])
    let tapeURL = Self.repository.appendingPathComponent("Tests/DemoAppTests/Tapes/sign-up.tape")
    let tapeText = try String(contentsOf: tapeURL, encoding: .utf8)
    #expect(tapeText.contains(Self.password), "the tape types the password")
    let tape = try KeyTape(parsing: tapeText)
    let storage = FileStorage.fileSystem
    let demo = try HeadlessDemo(
      configuration, logger: Logger(label: "composable-demo") { _ in handler },
      fileStorage: storage)
    var screens = ""
    await play(
      tape, in: demo.app, backend: demo.backend, advance: demo.advance,
      settle: demo.store.settle
    ) { _ in screens += demo.backend.buffer.lines.joined(separator: "\n") }
    storage.flushPendingWrites()
    #expect(screens.contains("Welcome aboard"), "the tape went through to the end")

    let accounts = try String(
      contentsOf: state.appendingPathComponent("accounts.json"), encoding: .utf8)
    #expect(accounts.contains("blob@example.com"), "the account was saved")
    let logged = try String(contentsOf: log, encoding: .utf8)
    #expect(logged.contains("signUpData"), "the log holds the state diffs")
    var checked = ["screens": screens]
    for file in try Self.files(under: folder) {
      checked[file.path] = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
    for file in try Self.files(under: Self.repository.appendingPathComponent("Tests"))
    where file.path.contains("__Snapshots__") {
      checked[file.path] = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
    #expect(checked.count > 100, "every snapshot of the repository was read")
    let leaks = checked.filter { $0.value.contains(Self.password) }.map(\.key).sorted()
    #expect(leaks.isEmpty, "the password is in \(leaks)")
  }

  static func files(under folder: URL) throws -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    return enumerator.compactMap { $0 as? URL }.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }
}
