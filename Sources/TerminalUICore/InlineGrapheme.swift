import Synchronization

/// A grapheme cluster kept inside a cell: up to 16 bytes of UTF-8 inline (every grapheme a
/// screen usually shows, most emoji sequences included), a longer one (or one holding a NUL) in a
/// process-wide table of bounded size. A cell then holds no reference, so a frame's buffer of
/// cells is made, compared, copied and freed as plain memory.
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

  /// A grapheme whose text, when too long to keep inline, goes to `store` (tests give a store
  /// of their own).
  init(_ string: String, store: GraphemeStore) {
    self.init(utf8: string.utf8, or: string, store: store)
  }

  init(_ character: Character) {
    self.init(utf8: character.utf8, or: String(character))
  }

  init(_ scalar: Unicode.Scalar) {
    self.init(utf8: scalar.utf8, or: String(scalar))
  }

  private init(
    utf8: some Sequence<UInt8>, or string: @autoclosure () -> String,
    store: GraphemeStore = .shared
  ) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    for byte in utf8 {
      guard byte != 0, count < 16 else {
        let string = string()
        guard let index = store.index(of: string) else {
          // The table is full: the scalars that fit inline stand for the grapheme.
          self.init(utf8: GraphemeStore.inlinePrefix(of: string).utf8, or: "\u{FFFD}")
          return
        }
        self.init(low: 0, high: Self.tableFlag | UInt64(index))
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
      return GraphemeStore.shared.string(at: Int(high & ~Self.tableFlag))
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

/// The graphemes too long to keep inline, each stored once, up to `capacity` of them: a cell
/// names one by its index, so none can be removed while the process runs. Past the capacity a
/// new long grapheme is not stored; its cell keeps the scalars that fit inline instead (the base
/// character and its first marks, the first emoji of a sequence), so a process that meets ever
/// new ones (pasted text with stacked combining marks, generated emoji sequences) keeps bounded
/// memory.
final class GraphemeStore: Sendable {
  /// The store every cell uses.
  static let shared = GraphemeStore(capacity: 4096)

  /// How many graphemes it keeps at most.
  let capacity: Int
  private let table = Mutex<(strings: [String], indices: [String: Int])>(([], [:]))

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// The index of `string`, stored now if it was not; nil when the store is full without it.
  func index(of string: String) -> Int? {
    table.withLock { table in
      if let index = table.indices[string] { return index }
      guard table.strings.count < capacity else { return nil }
      table.strings.append(string)
      table.indices[string] = table.strings.count - 1
      return table.strings.count - 1
    }
  }

  func string(at index: Int) -> String {
    table.withLock { $0.strings[index] }
  }

  /// How many graphemes it keeps.
  var count: Int {
    table.withLock { $0.strings.count }
  }

  /// The leading scalars of `string` that fit in 16 bytes of UTF-8 with no NUL; U+FFFD when
  /// not even the first does.
  static func inlinePrefix(of string: String) -> String {
    var prefix = String.UnicodeScalarView()
    var bytes = 0
    for scalar in string.unicodeScalars {
      let length = scalar.utf8.count
      guard scalar != "\0", bytes + length <= 16 else { break }
      prefix.append(scalar)
      bytes += length
    }
    return prefix.isEmpty ? "\u{FFFD}" : String(prefix)
  }
}
