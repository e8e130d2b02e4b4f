import PropertyBased
import TerminalUI
import Testing

@testable import TerminalUICore

@Test func asciiCharactersAreOneColumnWide() {
  #expect(displayWidth("a" as Character) == 1)
  #expect(displayWidth("~" as Character) == 1)
  #expect(displayWidth("Hello") == 5)
}

@Test func cjkAndFullwidthCharactersAreTwoColumnsWide() {
  #expect(displayWidth("漢" as Character) == 2)
  #expect(displayWidth("ひ" as Character) == 2)
  #expect(displayWidth("한" as Character) == 2)
  #expect(displayWidth("Ａ" as Character) == 2)
  #expect(displayWidth("日本語") == 6)
}

@Test func emojiShownAsEmojiAreTwoColumnsWide() {
  #expect(displayWidth("👍" as Character) == 2)
  #expect(displayWidth("👍🏽" as Character) == 2)
  #expect(displayWidth("👨‍👩‍👧" as Character) == 2)
  #expect(displayWidth("🇫🇷" as Character) == 2)
  #expect(displayWidth("❤️" as Character) == 2)
  #expect(displayWidth("❤" as Character) == 1)
}

@Test func combiningMarksAddNoWidth() {
  #expect(displayWidth("e\u{301}" as Character) == 1)
  #expect(displayWidth("\u{301}" as Character) == 0)
  #expect(displayWidth("\u{200B}" as Character) == 0)
  #expect(displayWidth("cafe\u{301}") == 4)
}

@Test func aClusterThatStartsWithAZeroWidthSignTakesTheWidthOfWhatFollows() {
  // An Arabic number sign joins the digit after it in one character, which shows the digit.
  let signed = "\u{600}1"
  #expect(signed.count == 1)
  #expect(signed.first.map(displayWidth) == 1)
  #expect("\u{600}漢".first.map(displayWidth) == 2)
}

@Test func controlCharactersHaveNoWidth() {
  #expect(displayWidth("\u{7}" as Character) == 0)
  #expect(displayWidth("\n" as Character) == 0)
  #expect(displayWidth("\r\n" as Character) == 0)
  #expect(displayWidth("\u{7F}" as Character) == 0)
  #expect(displayWidth("\u{0}" as Character) == 0)
}

/// ASCII strings are counted byte by byte; the count agrees with one grapheme at a time, for
/// every ASCII byte and for strings mixing them with other characters.
@Test func asciiStringsAreCountedAsTheirGraphemesAre() {
  let everyByte = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
  let byGrapheme = everyByte.reduce(0) { $0 + displayWidth($1) }
  #expect(displayWidth(everyByte) == byGrapheme)
  #expect(displayWidth(everyByte) == 95)
  #expect(displayWidth("a\tb\r\nc") == 3)
  #expect(displayWidth("ab漢") == 4)
}

@Test func truncationEndsWithAnEllipsisOnlyWhenSomethingWasCut() {
  #expect(truncate("Hello, world", toWidth: 6) == "Hello…")
  #expect(truncate("Hello", toWidth: 5) == "Hello")
  #expect(truncate("Hello", toWidth: 1) == "…")
  #expect(truncate("Hello", toWidth: 0) == "")
}

@Test func truncationNeverSplitsAWideCharacter() {
  #expect(truncate("日本語", toWidth: 4) == "日…")
  #expect(truncate("日本語", toWidth: 5) == "日本…")
  #expect(displayWidth(truncate("a日本語", toWidth: 3)) <= 3)
}

/// Strings of symbols and punctuation are counted scalar by scalar; the count agrees with one
/// grapheme at a time, also when a scalar that joins its neighbour (a variation selector, a
/// combining mark, a joiner, a regional indicator) sends the string the slow way.
@Test func symbolStringsAreCountedAsTheirGraphemesAre() async {
  #expect(displayWidth("  ⚠ Enter a valid email") == 23)
  #expect(displayWidth("✓ ☕ …") == 6)
  #expect(displayWidth("⚠\u{FE0F}") == 2)
  #expect(displayWidth("e\u{301}") == 1)
  let pool: [String] = [
    "a", " ", "\t", "é", "ß", "ŀ", "\u{AD}", "—", "…", "•", "‰", "←", "─", "█", "◽", "⚠", "✓",
    "☕", "✅", "❤", "\u{FE0F}", "\u{301}", "\u{200D}", "\u{1F1EB}", "\u{1F1F7}", "漢", "👍",
    "\u{2028}", "\u{200B}",
  ]
  await propertyCheck(count: 2000, input: Gen.int(in: 0...(pool.count - 1)).array(of: 0...12)) {
    picks in
    let string = picks.map { pool[$0] }.joined()
    #expect(
      displayWidth(string) == string.reduce(0) { $0 + displayWidth($1) },
      "\(string.debugDescription)")
  }
}
