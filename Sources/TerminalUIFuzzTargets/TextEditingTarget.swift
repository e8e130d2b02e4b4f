// make fuzz-coverage compiles these with TerminalUI as one module (FUZZ_SINGLE_MODULE).
#if !FUZZ_SINGLE_MODULE
  import TerminalUI
#endif

/// The keys a field takes, from the bytes: a few bytes are editing keys, and the rest are
/// read as UTF-8 text, typed one character at a time (or pasted, after a 0x01 byte).
private func keys(from input: [UInt8]) -> [KeyEvent] {
  var keys: [KeyEvent] = []
  var text: [UInt8] = []
  var pasting = false
  func endText() {
    let string = String(decoding: text, as: UTF8.self)
    if pasting {
      keys.append(.paste(string))
    } else {
      keys += string.map { .character($0) }
    }
    text = []
    pasting = false
  }
  for byte in input {
    let key: KeyEvent? =
      switch byte {
      case 0x02: .left
      case 0x03: .right
      case 0x04: .home
      case 0x05: .end
      case 0x06: .backspace
      case 0x07: .delete
      case 0x08: .ctrl("w")
      case 0x09: .ctrl("u")
      case 0x0A: .ctrl("a")
      case 0x0B: .ctrl("e")
      case 0x0C: .ctrl("d")
      default: nil
      }
    if let key {
      endText()
      keys.append(key)
    } else if byte == 0x01 {
      endText()
      pasting = true
    } else {
      text.append(byte)
    }
  }
  endText()
  return keys
}

/// The plainest editor, the reference the fuzzer and the property tests check `TextEditing`
/// against: characters in an array, the cursor an index into it. After each key the array is
/// read again as text, so characters that join (a flag's two letters, Hangul jamo, a base and
/// its accent) count as one, as they do on screen.
///
/// For example, `TextEditingModel(text: "ab").apply(.backspace)` leaves `"a"`, cursor 1.
public struct TextEditingModel {
  public private(set) var characters: [Character]
  public private(set) var cursor: Int
  /// The most characters the text may hold, or `nil` for no limit.
  public var maxLength: Int?

  /// The text, with the cursor at its end.
  public init(text: String = "", maxLength: Int? = nil) {
    characters = Array(text)
    cursor = characters.count
    self.maxLength = maxLength
  }

  public var text: String { String(characters) }

  /// Applies a key; returns whether a field takes it.
  @discardableResult
  public mutating func apply(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character): insert([character])
    case .paste(let text): insert(text.map { $0 == "\n" ? " " : $0 })
    case .left: cursor = max(cursor - 1, 0)
    case .right: cursor = min(cursor + 1, characters.count)
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .ctrl("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .ctrl("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .ctrl("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    default:
      return false
    }
    let before = String(characters[..<cursor])
    characters = Array(String(characters))
    cursor = min(before.count, characters.count)
    return true
  }

  /// Characters that take no cell (controls, a lone accent) are dropped; input beyond
  /// `maxLength` too.
  private mutating func insert(_ typed: [Character]) {
    var kept = typed.filter { displayWidth($0) > 0 }
    if let maxLength { kept = Array(kept.prefix(max(0, maxLength - characters.count))) }
    characters.insert(contentsOf: kept, at: cursor)
    cursor += kept.count
  }
}

func editText(_ input: [UInt8]) -> String? {
  var editing = TextEditing()
  var model = TextEditingModel()
  for key in keys(from: input) {
    editing.handle(key)
    model.apply(key)
    guard editing.text == model.text, editing.cursor == model.cursor else {
      return """
        after \(key): text \(editing.text.debugDescription) cursor \(editing.cursor), expected \
        \(model.text.debugDescription) cursor \(model.cursor)
        """
    }
  }
  return nil
}
