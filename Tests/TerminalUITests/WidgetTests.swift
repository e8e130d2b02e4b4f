import TerminalUI
import Testing

@testable import TerminalUICore

@MainActor
@Test func aConstantBindingIgnoresWrites() {
  let binding = Binding.constant(3)
  binding.wrappedValue = 4
  #expect(binding.wrappedValue == 3)
}

private struct Address: Equatable, Sendable {
  var city: String
  var street: String
}

@MainActor
@Test func aMemberOfABindingWritesTheWholeValueBackWithOnlyThatMemberChanged() {
  var address = Address(city: "Oslo", street: "Storgata")
  var writes = 0
  let binding = Binding(
    get: { address },
    set: {
      address = $0; writes += 1
    })
  let city = binding.city
  #expect(city.wrappedValue == "Oslo")
  city.wrappedValue = "Bergen"
  #expect(address == Address(city: "Bergen", street: "Storgata"))
  #expect(writes == 1)
}

private func edited(_ text: String, _ keys: [KeyEvent], maxLength: Int? = nil) -> TextEditing {
  var editing = TextEditing(text: text, maxLength: maxLength)
  for key in keys { editing.handle(key) }
  return editing
}

@Test func typingInsertsAtTheCursor() {
  let editing = edited("helo", [.left, .character("l")])
  #expect(editing.text == "hello")
  #expect(editing.cursor == 4)
}

@Test func homeEndAndControlKeysMoveTheCursor() {
  #expect(edited("abc", [.home]).cursor == 0)
  #expect(edited("abc", [.ctrl("a"), .ctrl("e")]).cursor == 3)
  #expect(edited("abc", [.home, .end]).cursor == 3)
  #expect(edited("abc", [.right, .right]).cursor == 3)
  #expect(edited("abc", [.home, .left]).cursor == 0)
}

@Test func backspaceAndDeleteRemoveOneCharacter() {
  #expect(edited("abc", [.backspace]).text == "ab")
  #expect(edited("abc", [.home, .backspace]).text == "abc")
  #expect(edited("abc", [.home, .delete]).text == "bc")
  #expect(edited("abc", [.delete]).text == "abc")
  #expect(edited("e\u{301}x", [.left, .backspace]).text == "x")
}

@Test func controlWDeletesTheWordBeforeTheCursor() {
  let editing = edited("hello big world", [.left, .left, .left, .left, .left, .ctrl("w")])
  #expect(editing.text == "hello world")
  #expect(editing.cursor == 6)
}

@Test func controlUDeletesEverythingBeforeTheCursor() {
  let editing = edited("hello world", [.left, .left, .ctrl("u")])
  #expect(editing.text == "ld")
  #expect(editing.cursor == 0)
}

@Test func maxLengthDropsExtraInput() {
  #expect(edited("ab", [.character("c"), .character("d")], maxLength: 3).text == "abc")
  #expect(edited("", [.paste("hello\nworld")], maxLength: 8).text == "hello wo")
}

@Test func keysTheFieldDoesNotUseAreLeftForTheScreen() {
  var editing = TextEditing()
  let used = [KeyEvent.tab, .ctrl("c"), .escape].map { editing.handle($0) }
  #expect(used == [false, false, false])
  let usedCharacter = editing.handle(.character("x"))
  #expect(usedCharacter)
}

private enum CounterAction { case increment }

@Test func aKeyTableDispatchesAndListsTheSameKeys() {
  let showsReset = false
  let table = KeyTable<CounterAction> {
    KeyBinding(.character("+"), "increment", .increment)
    KeyBinding(.ctrl("r"), "reset", .increment, isEnabled: showsReset)
    if !showsReset {
      KeyBinding(.enter, "add", .increment)
    }
  }
  #expect(table.action(for: .character("+")) != nil)
  #expect(table.action(for: .ctrl("r")) == nil)
  #expect(table.action(for: .character("-")) == nil)
  #expect(table.helpText == "+ increment  enter add")
}

@Test func keyNamesMatchTheKeyTapeSpelling() {
  #expect(keyName(.backTab) == "shift-tab")
  #expect(keyName(.ctrl("c")) == "ctrl-c")
  #expect(keyName(.function(5)) == "f5")
  #expect(keyName(.character(" ")) == "space")
}
