import CNCurses
import Foundation

/// Input read ahead while the program is busy, so that a Ctrl-C typed after a flood of input
/// (a megabyte pasted unbracketed, a key held down) is seen at once, not after the flood.
///
/// A terminal queues what it sends: a Ctrl-C typed after a paste reaches the program after the
/// whole paste, which the program reads a few kilobytes at a time as fast as it handles them.
/// ``TerminalSession/isInterruptWaiting`` reads everything already sent into this backlog, looking
/// for a Ctrl-C byte outside a bracketed paste; the input thread decodes the backlog before it
/// reads again, so nothing read ahead is lost or reordered.
final class InputBacklog: @unchecked Sendable {
  fileprivate struct State {
    var bytes: [UInt8] = []
    var sawInterrupt = false
    /// Inside a bracketed paste (where Ctrl-C is text), as far as the bytes read ahead say.
    var inPaste = false
    /// How much of the paste marker ESC [ 2 0 0 ~ or ESC [ 2 0 1 ~ the last bytes matched.
    var markerMatched = 0
  }

  /// At most this much is read ahead (a flood beyond it is read as the program handles it).
  static let limit = 16 << 20

  // A pthread mutex (NSLock), which ThreadSanitizer follows; it cannot see `Mutex`'s futex.
  private let lock = NSLock()
  private var _state = State()

  private func withState<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&_state)
  }

  /// Reads what stdin holds now, without waiting, and says whether a Ctrl-C came.
  func readAhead(from fd: Int32) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while withState({ !$0.sawInterrupt && $0.bytes.count < Self.limit }) {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { break }
      let count = read(fd, &chunk, chunk.count)
      guard count > 0 else { break }
      withState { state in
        state.bytes.append(contentsOf: chunk[0..<count])
        for byte in chunk[0..<count] { state.scan(byte) }
      }
    }
    return withState { $0.sawInterrupt }
  }

  /// The bytes read ahead, emptied; the reader decodes them before reading again.
  func take() -> [UInt8] {
    withState { state in
      defer { state.bytes = [] }
      return state.bytes
    }
  }

  var isEmpty: Bool { withState { $0.bytes.isEmpty } }
}

extension InputBacklog.State {
  /// Follows bracketed paste markers and notes a Ctrl-C outside a paste.
  fileprivate mutating func scan(_ byte: UInt8) {
    let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30]  // ESC [ 2 0, then 0 or 1, then ~
    switch markerMatched {
    case 0..<4 where byte == marker[markerMatched]:
      markerMatched += 1
      return
    case 4 where byte == 0x30 || byte == 0x31:
      markerMatched = byte == 0x30 ? 5 : 6
      return
    case 5 where byte == 0x7E:
      inPaste = true
    case 6 where byte == 0x7E:
      inPaste = false
    default:
      break
    }
    markerMatched = byte == 0x1B ? 1 : 0
    if byte == 0x03, !inPaste { sawInterrupt = true }
  }
}
