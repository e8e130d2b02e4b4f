import Foundation
import Synchronization
import TerminalUI
import Testing

@testable import TerminalUINCurses

/// The input thread, fed through pipes: stdin's bytes on one, the signal handler's letters on
/// the other (C: continued, T: terminate, W: window changed).
struct InputReaderTests {
  /// What the thread delivered, in order.
  final class Inbox: Sendable {
    private let items = Mutex<[TerminalInput]>([])

    func deliver(_ input: TerminalInput) { items.withLock { $0.append(input) } }

    var received: [TerminalInput] { items.withLock { $0 } }

    /// Waits (up to ten seconds) until `condition` holds for what was delivered.
    func wait(until condition: ([TerminalInput]) -> Bool) async -> [TerminalInput] {
      let deadline = ContinuousClock.now.advanced(by: .seconds(10))
      while !condition(received), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(2))
      }
      return received
    }
  }

  /// Two pipes and a running reader. `close()` ends the input, which ends the thread.
  struct Harness {
    let input: (read: Int32, write: Int32)
    let notify: (read: Int32, write: Int32)
    let inbox = Inbox()
    let backlog = InputBacklog()

    /// `during` runs on the input thread with each delivery, before it is recorded, as the
    /// program's handling of it would.
    init(
      escapeDelay: Int,
      during: @escaping @Sendable (TerminalInput, Harness) -> Void = { _, _ in }
    ) throws {
      input = try Self.pipe()
      notify = try Self.pipe()
      let harness = self
      let inbox = inbox
      InputReader.start(
        inputFD: input.read, notifyFD: notify.read, escapeDelay: escapeDelay, backlog: backlog
      ) { delivered in
        during(delivered, harness)
        inbox.deliver(delivered)
      }
    }

    static func pipe() throws -> (read: Int32, write: Int32) {
      var fds: [Int32] = [0, 0]
      guard Glibc.pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
      return (fds[0], fds[1])
    }

    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) }
    }
    func signal(_ letters: String) {
      _ = Array(letters.utf8).withUnsafeBytes { write(notify.write, $0.baseAddress, $0.count) }
    }

    /// Closes stdin's writing end and waits for the thread to say so; closes the rest.
    func close() async -> [TerminalInput] {
      Glibc.close(input.write)
      let received = await inbox.wait {
        $0.contains { if case .closed = $0 { true } else { false } }
      }
      Glibc.close(input.read)
      Glibc.close(notify.read)
      Glibc.close(notify.write)
      return received
    }
  }

  static func describe(_ inputs: [TerminalInput]) -> [String] {
    inputs.map {
      switch $0 {
      case .keys(let keys): "keys \(keys)"
      case .resized: "resized"
      case .resumed: "resumed"
      case .terminated: "terminated"
      case .closed: "closed"
      }
    }
  }

  @Test func bytesArriveAsDecodedKeysAndTheEndOfInputIsReported() async throws {
    let reader = try Harness(escapeDelay: 25)
    reader.type(Array("hi".utf8) + [0x1B, 0x5B, 0x41])  // h, i, Up
    _ = await reader.inbox.wait { !$0.isEmpty }
    let received = await reader.close()
    let keys: [KeyEvent] = received.flatMap { input -> [KeyEvent] in
      if case .keys(let keys) = input { keys } else { [] }
    }
    #expect(keys == [.character("h"), .character("i"), .up])
    #expect(Self.describe(received).last == "closed")
  }

  @Test func aLoneEscapeIsDeliveredOnceTheEscapeDelayPasses() async throws {
    let reader = try Harness(escapeDelay: 25)
    reader.type([0x1B])
    let received = await reader.inbox.wait { !$0.isEmpty }
    #expect(Self.describe(received) == ["keys [TerminalUICore.KeyEvent.escape]"])
    _ = await reader.close()
  }

  @Test func anEscapeStillPendingWhenTheInputEndsIsDeliveredBeforeTheEnd() async throws {
    // An escape delay far longer than the test: only the end of input can flush the ESC.
    let reader = try Harness(escapeDelay: 600_000)
    reader.type([0x1B])
    let received = await reader.close()
    #expect(Self.describe(received) == ["keys [TerminalUICore.KeyEvent.escape]", "closed"])
  }

  @Test func signalsArriveInTheOrderTheirLettersWereWritten() async throws {
    let reader = try Harness(escapeDelay: 25)
    reader.signal("C")
    _ = await reader.inbox.wait { $0.count == 1 }
    reader.signal("W")
    _ = await reader.inbox.wait { $0.count == 2 }
    reader.signal("T")
    let received = await reader.inbox.wait { $0.count == 3 }
    #expect(Self.describe(received) == ["resumed", "resized", "terminated"])
    _ = await reader.close()
  }
}

/// What the input thread makes of each thing `read` can return.
struct InputReadOutcomeTests {
  @Test func aSignalOrASpuriousWakeUpIsReadAgainAndOnlyTheEndOrARealErrorClosesTheInput() {
    #expect(InputReader.outcome(ofRead: 3, error: 0) == .bytes)
    #expect(InputReader.outcome(ofRead: -1, error: EINTR) == .retry)
    #expect(InputReader.outcome(ofRead: -1, error: EAGAIN) == .retry)
    #expect(InputReader.outcome(ofRead: -1, error: EIO) == .closed)
    #expect(InputReader.outcome(ofRead: 0, error: 0) == .closed)
  }
}
