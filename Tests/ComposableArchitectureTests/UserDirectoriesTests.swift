import Foundation
import Testing

@testable import ComposableArchitecture

// `URL.documentsDirectory`, `.cachesDirectory` and `.applicationSupportDirectory`, which
// Foundation on Linux lacks, follow the XDG specifications; `.temporaryDirectory` and
// `.homeDirectory` are Foundation's own.

private let home = URL(fileURLWithPath: "/home/blob", isDirectory: true)

private func directories(
  _ environment: [String: String] = [:], userDirs: String? = nil
) -> UserDirectories {
  var environment = environment
  if environment["HOME"] == nil { environment["HOME"] = home.path }
  let config = environment["XDG_CONFIG_HOME"] ?? "\(environment["HOME"]!)/.config"
  return UserDirectories(
    environment: environment,
    accountHome: URL(fileURLWithPath: "/account/home", isDirectory: true),
    readFile: { $0.path == "\(config)/user-dirs.dirs" ? userDirs : nil }
  )
}

struct UserDirectoriesTests {
  @Test func cachesAreInXDGCacheHomeElseDotCache() {
    #expect(directories().caches.path == "/home/blob/.cache")
    #expect(directories(["XDG_CACHE_HOME": "/var/cache/blob"]).caches.path == "/var/cache/blob")
    // The specification says a relative path is invalid and must be ignored.
    #expect(directories(["XDG_CACHE_HOME": "cache"]).caches.path == "/home/blob/.cache")
    #expect(directories(["XDG_CACHE_HOME": ""]).caches.path == "/home/blob/.cache")
  }

  @Test func applicationSupportIsXDGDataHomeElseDotLocalShare() {
    #expect(directories().data.path == "/home/blob/.local/share")
    #expect(directories(["XDG_DATA_HOME": "/data"]).data.path == "/data")
  }

  @Test func stateIsXDGStateHomeElseDotLocalState() {
    #expect(directories().state.path == "/home/blob/.local/state")
    #expect(directories(["XDG_STATE_HOME": "/state"]).state.path == "/state")
  }

  @Test func documentsComeFromUserDirsElseTheEnvironmentElseTilde() {
    #expect(directories().documents.path == "/home/blob/Documents")
    let userDirs = """
      # This file is written by xdg-user-dirs-update
      XDG_DESKTOP_DIR="$HOME/Schreibtisch"
      XDG_DOCUMENTS_DIR="$HOME/Dokumente"
      """
    #expect(directories(userDirs: userDirs).documents.path == "/home/blob/Dokumente")
    #expect(
      directories(userDirs: #"XDG_DOCUMENTS_DIR="/srv/papers""#).documents.path == "/srv/papers")
    #expect(
      directories(userDirs: #"XDG_DOCUMENTS_DIR="$HOME/My \"Docs\"""#).documents.path
        == #"/home/blob/My "Docs""#)
    // `$HOME/` alone is how a user directory is switched off: it is the home folder.
    #expect(directories(userDirs: #"XDG_DOCUMENTS_DIR="$HOME/""#).documents.path == "/home/blob")
    // The environment is used when the file does not name the folder.
    #expect(
      directories(["XDG_DOCUMENTS_DIR": "/env/docs"], userDirs: "XDG_MUSIC_DIR=\"$HOME/m\"")
        .documents.path == "/env/docs")
    // The file is read from $XDG_CONFIG_HOME.
    #expect(
      directories(["XDG_CONFIG_HOME": "/etc/blob"], userDirs: #"XDG_DOCUMENTS_DIR="/from/etc""#)
        .documents.path == "/from/etc")
  }

  @Test func malformedUserDirsLinesAreIgnored() {
    for line in [
      #"XDG_DOCUMENTS_DIR=$HOME/unquoted"#,
      #"XDG_DOCUMENTS_DIR="relative/path""#,
      #"XDG_DOCUMENTS_DIR="$HOMEWORK""#,
      #"# XDG_DOCUMENTS_DIR="/commented""#,
    ] {
      #expect(directories(userDirs: line).documents.path == "/home/blob/Documents", "\(line)")
    }
  }

  @Test func anUnusableHomeVariableFallsBackToTheAccountsHome() {
    #expect(directories(["HOME": ""]).caches.path == "/account/home/.cache")
    #expect(directories(["HOME": "relative"]).documents.path == "/account/home/Documents")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-user-dir"),
      "xdg-user-dirs is installed"))
  func documentsAgreeWithXDGUserDir() throws {
    let fakeHome = temporaryDirectory()
    let config = fakeHome.appendingPathComponent(".config")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    let userDirs = #"XDG_DOCUMENTS_DIR="$HOME/Dokumente""#
    try Data(userDirs.utf8).write(to: config.appendingPathComponent("user-dirs.dirs"))

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-user-dir")
    process.arguments = ["DOCUMENTS"]
    process.environment = ["HOME": fakeHome.path, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    let reported = String(
      decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self
    ).trimmingCharacters(in: .whitespacesAndNewlines)

    let ours = UserDirectories(
      environment: ["HOME": fakeHome.path], accountHome: URL.homeDirectory,
      readFile: { try? String(contentsOf: $0, encoding: .utf8) })
    #expect(reported == fakeHome.appendingPathComponent("Dokumente").path)
    #expect(ours.documents.path == reported)
  }

  @Test func theURLPropertiesAreThisProcesssFolders() {
    let current = UserDirectories.current
    #expect(URL.documentsDirectory == current.documents)
    #expect(URL.cachesDirectory == current.caches)
    #expect(URL.applicationSupportDirectory == current.data)
  }

  @Test func temporaryAndHomeAreFoundations() {
    // Foundation's own: $TMPDIR (else /tmp), and the account's home folder.
    let tmpdir = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    #expect(
      URL.temporaryDirectory.standardizedFileURL.path
        == URL(fileURLWithPath: tmpdir ?? "/tmp").standardizedFileURL.path)
    #expect(URL.homeDirectory.path == FileManager.default.homeDirectoryForCurrentUser.path)
  }
}
