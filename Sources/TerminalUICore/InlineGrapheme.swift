import Synchronization

/// A grapheme cluster kept inside a cell: up to 16 bytes of UTF-8 inline (every grapheme a
/// screen usually shows, most emoji sequences included), a longer one (or one holding a NUL) in a
/// process-wide table. A cell then holds no reference, so a frame's buffer of cells is made,
/// compared, copied and freed as plain memory.
struct InlineGrapheme: Hashable, Sendable {
  /// Bytes 0 to 7, the first in the lowest byte; zero after the last byte.
  private var low: UInt64
  /// Bytes 8 to 15; or, with `low` zero, `tableFlag` and an index into the table.
  private var high: UInt64

  private static let tableFlag: UInt64 = 1 << 63

  /// No grapheme (a continuation cell).
  static let empty = InlineGrapheme(low: 0, high: 0)

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// One ASCII character (not NUL).
  init(ascii byte: UInt8) {
    self.init(low: UInt64(byte), high: 0)
  }

  init(_ string: String) {
    self.init(utf8: string.utf8, or: string)
  }

  init(_ character: Character) {
    self.init(utf8: character.utf8, or: String(character))
  }

  init(_ scalar: Unicode.Scalar) {
    self.init(utf8: scalar.utf8, or: String(scalar))
  }

  private init(utf8: some Sequence<UInt8>, or string: @autoclosure () -> String) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    for byte in utf8 {
      guard byte != 0, count < 16 else {
        self.init(low: 0, high: Self.tableFlag | UInt64(GraphemeTable.index(of: string())))
        return
      }
      if count < 8 {
        low |= UInt64(byte) << (8 * count)
      } else {
        high |= UInt64(byte) << (8 * (count - 8))
      }
      count += 1
    }
    self.init(low: low, high: high)
  }

  /// The grapheme as a string.
  var string: String {
    if low == 0 {
      guard high & Self.tableFlag != 0 else { return "" }
      return GraphemeTable.string(at: Int(high & ~Self.tableFlag))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for word in [low, high] {
      for shift in stride(from: 0, to: 64, by: 8) {
        let byte = UInt8(truncatingIfNeeded: word >> UInt64(shift))
        if byte == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The graphemes too long to keep inline, each stored once for the life of the process.
private enum GraphemeTable {
  private static let table = Mutex<(strings: [String], indices: [String: Int])>(([], [:]))

  static func index(of string: String) -> Int {
    table.withLock { table in
      if let index = table.indices[string] { return index }
      table.strings.append(string)
      table.indices[string] = table.strings.count - 1
      return table.strings.count - 1
    }
  }

  static func string(at index: Int) -> String {
    table.withLock { $0.strings[index] }
  }
}
