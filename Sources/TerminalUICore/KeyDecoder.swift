/// Turns the bytes read from a terminal into key events.
///
/// For example:
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41])  // [.up]
/// ```
///
/// An incomplete escape sequence or UTF-8 sequence at the end of the input is kept for the next
/// call; a lone ESC only becomes `.escape` when `flush()` is called after the escape delay.
/// Malformed or unknown sequences are dropped without swallowing the keys that follow them,
/// and a bracketed paste becomes one `.paste` event however many reads it spans. Mouse reports,
/// in the SGR form (`ESC [ < b ; x ; y M`, mode 1006) and the legacy X10 form (`ESC [ M` and
/// three bytes), become `.mouse` events; a report cut short after its `ESC [ <` or `ESC [ M`
/// waits for the rest, even past the escape delay, so that its tail is never typed as text.
public struct KeyDecoder: Sendable {
  /// The most bytes a single paste keeps; the rest of the paste is discarded.
  public static let maximumPasteLength = 1 << 20
  /// How many calls of `flush()` in a row, with no byte between them, end a paste whose end
  /// marker never came: its text so far becomes the paste, and what follows is keys again (with
  /// the runner's 25 ms escape delay, 200 ms of silence). A terminal sends a paste in one burst;
  /// a stray `ESC [200~` must not swallow every key that follows, Ctrl-C included.
  public static let pasteIdleFlushes = 8

  static let escape: UInt8 = 0x1B
  static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  private static let maximumSequenceLength = 64

  var pending: [UInt8] = []
  /// The paste being read, from `ESC [200~` on; nil outside a paste.
  var pasteBytes: [UInt8]?
  /// How many times `flush()` was called, with no byte between, during the current paste.
  private var idleFlushes = 0

  /// Creates a decoder with no pending input.
  public init() {}

  /// Whether some input is held back: a partial sequence, or an unterminated paste.
  public var hasPending: Bool { !pending.isEmpty || pasteBytes != nil }

  /// Decodes bytes read from the terminal; keeps an incomplete escape sequence or UTF-8
  /// sequence for the next call.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyEvent] {
    idleFlushes = 0
    pending.append(contentsOf: bytes)
    var events: [KeyEvent] = []
    var index = 0
    while index < pending.count {
      if pasteBytes != nil {
        guard let next = consumePaste(from: index, into: &events) else { break }
        index = next
        continue
      }
      guard let next = step(at: index, final: false, into: &events) else { break }
      index = next
    }
    pending.removeFirst(index)
    return events
  }

  /// Called when no byte followed for the escape delay: a pending lone ESC becomes `.escape`,
  /// a pending `ESC [` or `ESC O` becomes Alt-`[` or Alt-`O`, and other partial input is
  /// dropped. An unterminated paste stays pending until ``pasteIdleFlushes`` calls in a row
  /// end it.
  public mutating func flush() -> [KeyEvent] {
    var events: [KeyEvent] = []
    if pasteBytes != nil {
      idleFlushes += 1
      guard idleFlushes >= Self.pasteIdleFlushes else { return [] }
      // What is pending is the start of an end marker that never came: dropped.
      pending.removeAll()
      finishPaste(into: &events)
      idleFlushes = 0
      return events
    }
    var index = 0
    while index < pending.count {
      guard let next = step(at: index, final: true, into: &events) else { break }
      index = next
    }
    pending.removeFirst(index)
    return events
  }

  // MARK: - Steps

  /// Decodes one key at `index`; returns the index after it, or `nil` when more bytes are
  /// needed.
  private mutating func step(at index: Int, final: Bool, into events: inout [KeyEvent]) -> Int? {
    let byte = pending[index]
    if byte == Self.escape {
      return escapeSequence(at: index, final: final, into: &events)
    }
    if let control = Self.controlKey(byte) {
      events.append(control)
      return index + 1
    }
    return text(at: index, final: final, into: &events)
  }

  private static func controlKey(_ byte: UInt8) -> KeyEvent? {
    switch byte {
    case 0x09: return .tab
    case 0x0A, 0x0D: return .enter
    case 0x08, 0x7F: return .backspace
    case 0x00: return .ctrl(" ")
    case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    case 0x1C...0x1F: return .ctrl(Character(Unicode.Scalar(byte + 0x40)))
    default: return nil
    }
  }

  private mutating func escapeSequence(
    at index: Int, final: Bool, into events: inout [KeyEvent]
  ) -> Int? {
    guard index + 1 < pending.count else {
      if final { events.append(.escape) }
      return final ? index + 1 : nil
    }
    let next = pending[index + 1]
    switch next {
    case 0x5B:  // [
      return controlSequence(at: index, final: final, into: &events)
    case 0x4F:  // O
      guard index + 2 < pending.count else {
        if final { events.append(.alt("O")) }
        return final ? index + 2 : nil
      }
      if let key = Self.singleShiftKey(pending[index + 2]) { events.append(key) }
      return index + 3
    case Self.escape:
      events.append(.escape)
      return index + 1
    default:
      if Self.controlKey(next) != nil {
        events.append(.escape)
        return index + 1
      }
      switch Self.scalar(in: pending, at: index + 1) {
      case .incomplete:
        if final {
          events.append(.escape)
          return pending.count
        }
        return nil
      case .invalid(let length):
        events.append(.escape)
        return index + 1 + length
      case .scalar(let scalar, let length):
        events.append(.alt(Character(scalar)))
        return index + 1 + length
      }
    }
  }

  private mutating func controlSequence(
    at index: Int, final: Bool, into events: inout [KeyEvent]
  ) -> Int? {
    var cursor = index + 2
    // A legacy mouse report: `ESC [ M` and three raw bytes (button, column, row, each + 32).
    if cursor < pending.count, pending[cursor] == 0x4D {
      guard cursor + 3 < pending.count else { return nil }
      if let event = Self.legacyMouse(pending[cursor + 1], pending[cursor + 2], pending[cursor + 3])
      {
        events.append(.mouse(event))
      }
      return cursor + 4
    }
    while cursor < pending.count {
      let byte = pending[cursor]
      switch byte {
      case 0x20...0x3F:
        cursor += 1
        if cursor - index > Self.maximumSequenceLength { return cursor }
      case 0x40...0x7E:
        let parameters = pending[(index + 2)..<cursor]
        if parameters.first == 0x3C, byte == 0x4D || byte == 0x6D {
          if let event = Self.sgrMouse(parameters.dropFirst(), released: byte == 0x6D) {
            events.append(.mouse(event))
          }
        } else if let key = Self.controlSequenceKey(parameters: parameters, final: byte) {
          events.append(key)
        } else if byte == 0x7E, Self.firstParameter(parameters) == 200 {
          pasteBytes = []
        }
        return cursor + 1
      default:
        // Malformed: drop what was read of the sequence and decode this byte afresh.
        return cursor
      }
    }
    // A mouse report cut short waits for its end, even past the escape delay: terminals send
    // a report whole, and its tail must not be typed as text.
    guard final, pending[index + 2..<cursor].first != 0x3C else { return nil }
    if cursor == index + 2 { events.append(.alt("[")) }
    return cursor
  }

  /// The event of an SGR report's parameters (`b;x;y`, after the `<`), or nil when malformed.
  private static func sgrMouse(_ parameters: ArraySlice<UInt8>, released: Bool) -> MouseEvent? {
    let fields = parameters.split(separator: 0x3B, omittingEmptySubsequences: false)
    func number(_ field: ArraySlice<UInt8>) -> Int? {
      guard (1...6).contains(field.count), field.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return nil
      }
      return firstParameter(field)
    }
    guard fields.count == 3, let code = number(fields[0]), let x = number(fields[1]),
      let y = number(fields[2]), x >= 1, y >= 1
    else { return nil }
    return mouseEvent(code: code, released: released, x: x - 1, y: y - 1)
  }

  /// The event of a legacy report's three bytes, or nil when malformed.
  private static func legacyMouse(_ button: UInt8, _ column: UInt8, _ row: UInt8) -> MouseEvent? {
    guard button >= 32, column > 32, row > 32 else { return nil }
    let code = Int(button) - 32
    // Code 3 is a release (X10 does not say which button).
    return mouseEvent(
      code: code, released: code & 0b11 == 3 && code & 64 == 0, x: Int(column) - 33,
      y: Int(row) - 33)
  }

  /// The event of a button code (low bits: the button; 32: motion; 64: the wheel; 4, 8, 16:
  /// Shift, Meta, Ctrl, ignored) at a 0-based cell.
  private static func mouseEvent(code: Int, released: Bool, x: Int, y: Int) -> MouseEvent? {
    let position = Position(x: x, y: y)
    let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
    if code & 64 != 0 {
      guard !released else { return nil }
      switch code & 0b11 {
      case 0: return MouseEvent(.scrollUp, at: position)
      case 1: return MouseEvent(.scrollDown, at: position)
      default: return nil  // Horizontal wheels.
      }
    }
    if released { return MouseEvent(.release, at: position) }
    guard let button = buttons[code & 0b11] else {
      return code & 32 != 0 ? nil : MouseEvent(.release, at: position)
    }
    return MouseEvent(code & 32 != 0 ? .drag(button) : .press(button), at: position)
  }

  private static func singleShiftKey(_ byte: UInt8) -> KeyEvent? {
    switch byte {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x50...0x53: return .function(Int(byte - 0x50) + 1)
    default: return nil
    }
  }

  private static func controlSequenceKey(
    parameters: ArraySlice<UInt8>, final: UInt8
  ) -> KeyEvent? {
    if parameters.first.map({ (0x3C...0x3F).contains($0) }) == true {
      return nil  // Private sequences (mouse reports, device replies) are not keys.
    }
    switch final {
    case 0x41...0x44, 0x46, 0x48, 0x50...0x53: return singleShiftKey(final)
    case 0x5A: return .backTab
    case 0x7E: return tildeKey(firstParameter(parameters))
    default: return nil
    }
  }

  private static func tildeKey(_ number: Int?) -> KeyEvent? {
    guard let number else { return nil }
    switch number {
    case 1, 7: return .home
    case 2: return .insert
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    case 11...15: return .function(number - 10)
    case 17...21: return .function(number - 11)
    case 23, 24: return .function(number - 12)
    default: return nil
    }
  }

  private static func firstParameter(_ parameters: ArraySlice<UInt8>) -> Int? {
    var value = 0
    var digits = 0
    for byte in parameters {
      guard (0x30...0x39).contains(byte) else { break }
      guard digits < 6 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      digits += 1
    }
    return digits == 0 ? nil : value
  }

  // MARK: - Text

  private mutating func text(at index: Int, final: Bool, into events: inout [KeyEvent]) -> Int? {
    var scalars = String.UnicodeScalarView()
    var cursor = index
    var needsMore = false
    while cursor < pending.count {
      let byte = pending[cursor]
      if byte == Self.escape || Self.controlKey(byte) != nil { break }
      switch Self.scalar(in: pending, at: cursor) {
      case .incomplete:
        needsMore = !final
        cursor = final ? pending.count : cursor
      case .invalid(let length):
        scalars.append("\u{FFFD}")
        cursor += length
        continue
      case .scalar(let scalar, let length):
        if scalar.value >= 0x80 && scalar.value < 0xA0 {
          cursor += length  // C1 controls are not printable.
        } else {
          scalars.append(scalar)
          cursor += length
        }
        continue
      }
      break
    }
    for character in String(scalars) {
      events.append(.character(character))
    }
    if needsMore && cursor == index { return nil }
    return cursor
  }

  private enum ScalarResult {
    case scalar(Unicode.Scalar, length: Int)
    case invalid(length: Int)
    case incomplete
  }

  private static func scalar(in bytes: [UInt8], at index: Int) -> ScalarResult {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x00...0x7F: return .scalar(Unicode.Scalar(lead), length: 1)
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return .invalid(length: 1)
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return .incomplete }
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      return .invalid(length: length)
    }
    return .scalar(scalar, length: length)
  }
}
