import PropertyBased
import TerminalUI
import Testing

/// A one-line field's editing, checked against a model written the plainest way (an array of
/// characters and an index): after every key of a random sequence, the text and the cursor
/// are the model's.
struct TextEditingPropertyTests {
  /// The keys a field takes, with a few it ignores; the operand picks a character or a paste.
  static func key(_ code: Int) -> KeyEvent {
    let alphabet: [Character] = ["a", "b", " ", "界", "🙂", "\u{7}"]
    let pastes = ["xy", "one two", "line\nbreak", "", "\t"]
    switch code % 16 {
    case 0, 1, 2: return .character(alphabet[(code / 16) % alphabet.count])
    case 3: return .paste(pastes[(code / 16) % pastes.count])
    case 4: return .left
    case 5: return .right
    case 6: return .home
    case 7: return .end
    case 8: return .ctrl("a")
    case 9: return .ctrl("e")
    case 10: return .backspace
    case 11: return .delete
    case 12: return .ctrl("d")
    case 13: return .ctrl("w")
    case 14: return .ctrl("u")
    default: return .tab
    }
  }

  /// The model: characters in an array, the cursor an index into it.
  struct Model {
    var characters: [Character]
    var cursor: Int
    var maxLength: Int?

    mutating func apply(_ key: KeyEvent) -> Bool {
      switch key {
      case .character(let character): insert([character])
      case .paste(let text): insert(text.map { $0 == "\n" ? " " : $0 })
      case .left: cursor = Swift.max(cursor - 1, 0)
      case .right: cursor = Swift.min(cursor + 1, characters.count)
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
      return true
    }

    /// Control characters take no cell and are dropped; input beyond `maxLength` too.
    mutating func insert(_ typed: [Character]) {
      var kept = typed.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
      if let maxLength { kept = Array(kept.prefix(Swift.max(0, maxLength - characters.count))) }
      characters.insert(contentsOf: kept, at: cursor)
      cursor += kept.count
    }
  }

  @Test func everyKeyLeavesTheTextAndCursorTheModelHas() async {
    let keys = Gen.int(in: 0...(16 * 6 - 1)).array(of: 0...40)
    let start = Gen.int(in: 0...3)
    let limit = Gen.int(in: 0...8).optional(valueRate: 0.3)
    await propertyCheck(count: 2000, input: keys, start, limit) { codes, startText, maxLength in
      let initial = ["", "ab", "hello world", "a  b界"][startText]
      var editing = TextEditing(text: initial, maxLength: maxLength)
      var model = Model(characters: Array(initial), cursor: initial.count, maxLength: maxLength)
      for code in codes {
        let key = Self.key(code)
        let used = editing.handle(key)
        let modelUsed = model.apply(key)
        #expect(used == modelUsed, "\(key)")
        #expect(editing.text == String(model.characters), "after \(key)")
        #expect(editing.cursor == model.cursor, "after \(key) in \(editing.text.debugDescription)")
        if editing.text != String(model.characters) || editing.cursor != model.cursor { return }
      }
    }
  }
}
