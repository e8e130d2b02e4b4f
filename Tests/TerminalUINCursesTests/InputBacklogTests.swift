import Foundation
import Synchronization
import TerminalUI
import Testing

@testable import TerminalUINCurses

// A Ctrl-C typed after a flood is behind the whole flood in the terminal's queue. While the
// program is busy, `isInterruptWaiting` reads ahead into a backlog and finds it at once; the
// input thread then decodes the backlog before reading again, so no key is lost or reordered.
struct InputBacklogTests {
  typealias Harness = InputReaderTests.Harness

  @Test func aCtrlCBehindAFloodIsFoundAndEveryByteIsKept() throws {
    let (read, write) = try Harness.pipe()
    defer {
      close(read)
      close(write)
    }
    let backlog = InputBacklog()
    let flood = [UInt8](repeating: UInt8(ascii: "+"), count: 60_000) + [0x03]
    _ = flood.withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
    #expect(backlog.readAhead(from: read))
    #expect(backlog.take() == flood)
    #expect(backlog.isEmpty)
  }

  /// A file of `bytes` opened for reading: always ready, as a terminal's queue that never
  /// runs dry would be.
  private func input(_ bytes: [UInt8]) throws -> Int32 {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID())")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return open(url.path, O_RDONLY)
  }

  @Test func readingAheadStopsAtTheFirstCtrlCAndAtTheLimit() throws {
    let interrupted = try input([0x61, 0x03] + [UInt8](repeating: 0x61, count: 1 << 20))
    defer { close(interrupted) }
    let backlog = InputBacklog()
    #expect(backlog.readAhead(from: interrupted))
    #expect(backlog.take().count == 65_536, "the read that found the Ctrl-C, and no more")
    let flood = try input([UInt8](repeating: 0x61, count: InputBacklog.limit + (4 << 20)))
    defer { close(flood) }
    let busy = InputBacklog()
    #expect(!busy.readAhead(from: flood))
    #expect(busy.take().count == InputBacklog.limit, "a flood is read ahead up to the limit")
  }

  @Test func aCtrlCInsideABracketedPasteIsText() throws {
    let (read, write) = try Harness.pipe()
    defer {
      close(read)
      close(write)
    }
    let backlog = InputBacklog()
    func send(_ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { Glibc.write(write, $0.baseAddress, $0.count) }
    }
    // The start marker cut in two reads, a Ctrl-C pasted as text.
    send("x\u{1B}[2")
    #expect(!backlog.readAhead(from: read))
    send("00~pasted \u{03} text")
    #expect(!backlog.readAhead(from: read))
    send("\u{1B}[201~")
    #expect(!backlog.readAhead(from: read))
    send("\u{03}")
    #expect(backlog.readAhead(from: read), "a Ctrl-C after the paste interrupts")
  }

  @Test func theReaderDecodesWhatWasReadAheadFirstAndInOrder() async throws {
    let asked = Mutex(false)
    let harness = try Harness(escapeDelay: 25) { delivered, harness in
      // Handling the first read, the program types on and asks whether Ctrl-C waits.
      guard case .keys = delivered else { return }
      let isFirst = asked.withLock { wasAsked in
        defer { wasAsked = true }
        return !wasAsked
      }
      guard isFirst else { return }
      harness.type(Array("bc\u{03}".utf8))
      #expect(harness.backlog.readAhead(from: harness.input.read))
    }
    harness.type(Array("a".utf8))
    let received = await harness.inbox.wait { $0.count >= 2 }
    #expect(
      InputReaderTests.describe(received) == [
        "keys \([KeyEvent.character("a")])",
        "keys \([KeyEvent.character("b"), .character("c"), .ctrl("c")])",
      ])
    _ = await harness.close()
  }
}
