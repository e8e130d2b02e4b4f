import Testing

@testable import TerminalUICore

// Graphemes too long to keep inside a cell are stored once each, in a table of bounded size:
// a process that draws ever new ones keeps bounded memory, and draws what fits in a cell.

@Test func aLongGraphemeIsStoredOnceAndReadBackWhole() {
  let store = GraphemeStore(capacity: 4)
  let family = "👨‍👩‍👧‍👦"
  #expect(family.utf8.count > 16)
  let index = store.index(of: family)
  #expect(index == 0)
  #expect(store.index(of: family) == index)
  #expect(store.count == 1)
  #expect(store.string(at: 0) == family)
}

@Test func aFullStoreTakesNoNewGraphemeButKeepsItsOwn() {
  let store = GraphemeStore(capacity: 2)
  let marks = (0..<3).map { "e" + String(repeating: "\u{301}", count: 8 + $0) }
  #expect(store.index(of: marks[0]) == 0)
  #expect(store.index(of: marks[1]) == 1)
  #expect(store.index(of: marks[2]) == nil)
  #expect(store.index(of: marks[0]) == 0)
  #expect(store.count == 2)
}

@Test func whatFitsInACellStandsForAGraphemeTheStoreCannotTake() {
  // The base letter and the first seven acute accents: 1 + 7 × 2 = 15 bytes (an eighth would
  // make 17).
  let stacked = "e" + String(repeating: "\u{301}", count: 12)
  #expect(GraphemeStore.inlinePrefix(of: stacked) == "e" + String(repeating: "\u{301}", count: 7))
  // A family's first two people and the joiners after them: 4 + 3 + 4 + 3 = 14 bytes.
  #expect(GraphemeStore.inlinePrefix(of: "👨‍👩‍👧‍👦") == "👨‍👩‍")
  // A NUL ends what is kept; nothing before it leaves the replacement character.
  #expect(GraphemeStore.inlinePrefix(of: "a\u{0}bcdefghijklmnopq") == "a")
  #expect(GraphemeStore.inlinePrefix(of: "\u{0}" + String(repeating: "x", count: 20)) == "\u{FFFD}")
}

@Test func theProcessWideStoreIsBounded() {
  #expect(GraphemeStore.shared.capacity == 4096)
  #expect(GraphemeStore.shared.count <= GraphemeStore.shared.capacity)
}

@Test func aCellKeepsALongGraphemeWhole() {
  let family = "👨‍👩‍👧‍👦"
  #expect(InlineGrapheme(family).string == family)
  #expect(InlineGrapheme(Character(family)).string == family)
}

@Test func aCellKeepsWhatFitsOfALongGraphemeWhenTheStoreIsFull() {
  let full = GraphemeStore(capacity: 0)
  let stacked = "e" + String(repeating: "\u{301}", count: 12)
  #expect(InlineGrapheme(stacked, store: full).string == GraphemeStore.inlinePrefix(of: stacked))
  #expect(
    InlineGrapheme("\u{0}" + String(repeating: "x", count: 20), store: full).string == "\u{FFFD}")
  #expect(full.count == 0)
}
