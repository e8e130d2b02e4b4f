import Testing

@testable import TerminalUI

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

@Test func controlCharactersHaveNoWidth() {
  #expect(displayWidth("\u{7}" as Character) == 0)
  #expect(displayWidth("\n" as Character) == 0)
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
