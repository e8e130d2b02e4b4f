import CBenchSupport
import ComposableArchitecture
import Foundation
import SharedStateStudy
import SignUpStudy
import TerminalUINCurses

#if canImport(Glibc)
  import Glibc
#endif

// The real terminal, through a pseudo-terminal: this benchmark starts itself as a child
// (`--pty-child`) running the basics screen with the public runner (`TerminalApp.run`, its frame
// pacing included) on the ncurses backend, then measures process start to first frame, the
// time from a key to its character on the terminal, and the bytes written for one typed
// character. `--pty-child counter` runs the shared-state counter tab instead, the screen
// `make bench-peers` compares with the same counter written in Textual and urwid.

/// The screens a pty child can run: the word after `--pty-child`, basics when there is none.
enum PtyChildScreen: String {
  case basics
  case counter

  /// The screen named on the command line.
  static var requested: PtyChildScreen {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--pty-child"), flag + 1 < arguments.count else {
      return .basics
    }
    return PtyChildScreen(rawValue: arguments[flag + 1]) ?? .basics
  }
}

/// The child side: the requested screen in the real terminal until Ctrl-C.
@MainActor
func runPtyChild() async -> Never {
  switch PtyChildScreen.requested {
  case .basics:
    let store = Store(
      initialState: BasicsFeature.State(signUpData: Shared(value: SignUpData()))
    ) {
      BasicsFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await TerminalApp.run(quit: .ctrlCOnly) { BasicsView(store: store) }
  case .counter:
    let store = Store(
      initialState: CounterTab.State(
        stats: Shared(value: Stats()), favoritePrimes: Shared(value: []))
    ) {
      CounterTab()
    }
    await TerminalApp.run(quit: .ctrlCOnly) { CounterTabView(store: store) }
  }
  exit(0)
}

struct PtyFigures {
  /// Milliseconds from spawning the process to the first frame's text on the terminal.
  let firstFrameMilliseconds: [Double]
  /// Bytes the program wrote for each typed character, after the first frame settled.
  let bytesPerCharacter: [Int]
  /// Milliseconds from writing a key to its character arriving, each key written as soon as
  /// the one before it showed.
  let backToBackMilliseconds: [Double]
  /// The same, each key written after the screen was quiet for 30 ms.
  let pacedMilliseconds: [Double]
}

/// A child process on a new pseudo-terminal of 80×24.
final class PtyChild {
  let master: Int32
  let pid: pid_t

  init?(arguments: [String]) {
    var name = [CChar](repeating: 0, count: 256)
    master = cbench_open_pty(80, 24, &name, name.count)
    guard master >= 0 else { return nil }
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["ESCDELAY"] = "25"
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    pid = cbench_spawn_on_pty(name, argv, envp)
    guard pid > 0 else {
      close(master)
      return nil
    }
  }

  /// Reads what arrives within `quiet` of the previous byte, up to `limit` in all.
  func drain(quiet: Duration, limit: Duration) -> [UInt8] {
    var output: [UInt8] = []
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while clock.now < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(nanoseconds(quiet) / 1e6)
      guard poll(&descriptor, 1, milliseconds) > 0 else { break }
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { break }
      output += buffer[0..<count]
    }
    return output
  }

  /// Waits until the output so far contains `marker`; returns the time it took.
  func waitFor(_ marker: String, limit: Duration) -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let needle = Array(marker.utf8)
    while start.duration(to: clock.now) < limit {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) >= 0 else { return nil }
      if descriptor.revents & Int16(POLLIN) != 0 {
        let count = read(master, &buffer, buffer.count)
        if count <= 0 { return nil }
        output += buffer[0..<count]
        if output.firstRange(of: needle) != nil { return start.duration(to: clock.now) }
      }
    }
    return nil
  }

  func send(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  func finish() {
    send([0x03])
    var status: Int32 = 0
    for _ in 0..<50 {
      if waitpid(pid, &status, WNOHANG) == pid { break }
      usleep(20_000)
    }
    if waitpid(pid, &status, WNOHANG) == 0 {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
    }
    close(master)
  }
}

/// Spawns this benchmark as a pty child several times.
func ptyFigures(runs: Int = 5) -> PtyFigures? {
  let executable = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  var starts: [Double] = []
  var bytes: [Int] = []
  var backToBack: [Double] = []
  var paced: [Double] = []
  for _ in 0..<runs {
    let clock = ContinuousClock()
    let spawned = clock.now
    guard let child = PtyChild(arguments: [executable, "--pty-child"]) else { return nil }
    defer { child.finish() }
    guard child.waitFor("Email", limit: .seconds(5)) != nil else { return nil }
    starts.append(nanoseconds(spawned.duration(to: clock.now)) / 1e6)
    _ = child.drain(quiet: .milliseconds(150), limit: .seconds(2))
    // The first character also clears the field's placeholder; the ones after it are the
    // steady state of typing.
    child.send([UInt8(ascii: "h")])
    _ = child.drain(quiet: .milliseconds(100), limit: .seconds(2))
    for character in "ello".utf8 {
      child.send([character])
      bytes.append(child.drain(quiet: .milliseconds(100), limit: .seconds(2)).count)
    }
    // "x" appears in no escape sequence ncurses writes for this screen.
    for _ in 0..<10 {
      _ = child.drain(quiet: .milliseconds(30), limit: .seconds(1))
      child.send([UInt8(ascii: "x")])
      guard let latency = child.waitFor("x", limit: .seconds(2)) else { return nil }
      paced.append(nanoseconds(latency) / 1e6)
    }
    _ = child.drain(quiet: .milliseconds(30), limit: .seconds(1))
    for _ in 0..<40 {
      child.send([UInt8(ascii: "x")])
      guard let latency = child.waitFor("x", limit: .seconds(2)) else { return nil }
      backToBack.append(nanoseconds(latency) / 1e6)
    }
  }
  return PtyFigures(
    firstFrameMilliseconds: starts, bytesPerCharacter: bytes,
    backToBackMilliseconds: backToBack, pacedMilliseconds: paced)
}
