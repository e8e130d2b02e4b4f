import PropertyBased
import TerminalUI
import TerminalUIFuzzTargets
import Testing

/// A one-line field's editing, checked against `TextEditingModel` (the fuzzer's reference: an
/// array of characters and an index): after every key of a random sequence, the text and the cursor
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

  @Test func everyKeyLeavesTheTextAndCursorTheModelHas() async {
    let keys = Gen.int(in: 0...(16 * 6 - 1)).array(of: 0...40)
    let start = Gen.int(in: 0...3)
    let limit = Gen.int(in: 0...8).optional(valueRate: 0.3)
    await propertyCheck(count: 2000, input: keys, start, limit) { codes, startText, maxLength in
      let initial = ["", "ab", "hello world", "a  b界"][startText]
      var editing = TextEditing(text: initial, maxLength: maxLength)
      var model = TextEditingModel(text: initial, maxLength: maxLength)
      for code in codes {
        let key = Self.key(code)
        let used = editing.handle(key)
        let modelUsed = model.apply(key)
        #expect(used == modelUsed, "\(key)")
        #expect(editing.text == model.text, "after \(key)")
        #expect(editing.cursor == model.cursor, "after \(key) in \(editing.text.debugDescription)")
        if editing.text != model.text || editing.cursor != model.cursor { return }
      }
    }
  }
}
