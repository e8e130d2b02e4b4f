import TerminalUI
import Testing

@testable import TerminalUICore

private func decode(_ text: String) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(Array(text.utf8))
}

private func decode(_ bytes: [UInt8]) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(bytes)
}

@Test func printableTextBecomesOneCharacterEventPerGrapheme() {
  #expect(decode("aé👍🏽") == [.character("a"), .character("é"), .character("👍🏽")])
  #expect(decode("e\u{301}") == [.character("e\u{301}")])
}

@Test func controlBytesBecomeControlKeys() {
  #expect(decode([0x01, 0x03, 0x1A]) == [.ctrl("a"), .ctrl("c"), .ctrl("z")])
  #expect(decode([0x09, 0x0D, 0x0A]) == [.tab, .enter, .enter])
  #expect(decode([0x7F, 0x08]) == [.backspace, .backspace])
}

@Test func aLoneEscapeWaitsForTheFlush() {
  var decoder = KeyDecoder()
  #expect(decoder.decode([0x1B]).isEmpty)
  #expect(decoder.hasPending)
  #expect(decoder.flush() == [.escape])
  #expect(!decoder.hasPending)
}

@Test func escapeFollowedByACharacterIsAlt() {
  #expect(decode("\u{1B}x") == [.alt("x")])
  #expect(decode("\u{1B}é") == [.alt("é")])
}

@Test func escapeFollowedByAControlKeyIsEscapeThenTheKey() {
  #expect(decode([0x1B, 0x0D]) == [.escape, .enter])
  #expect(decode([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
}

@Test func arrowsDecodeInBothCSIAndSS3Forms() {
  #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
  #expect(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
}

@Test func modifiedArrowsMapToThePlainKey() {
  #expect(decode("\u{1B}[1;5C\u{1B}[1;2D\u{1B}[1;3A") == [.right, .left, .up])
}

@Test func homeAndEndDecodeInEveryForm() {
  let homes = ["\u{1B}[H", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}OH"]
  let ends = ["\u{1B}[F", "\u{1B}[4~", "\u{1B}[8~", "\u{1B}OF"]
  for sequence in homes { #expect(decode(sequence) == [.home]) }
  for sequence in ends { #expect(decode(sequence) == [.end]) }
}

@Test func editingAndPagingKeysDecode() {
  #expect(
    decode("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [.insert, .delete, .pageUp, .pageDown])
  #expect(decode("\u{1B}[Z") == [.backTab])
}

@Test func functionKeysOneToTwelveDecode() {
  #expect(
    decode("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS")
      == [.function(1), .function(2), .function(3), .function(4)])
  let numbers = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
  for (offset, number) in numbers.enumerated() {
    #expect(decode("\u{1B}[\(number)~") == [.function(offset + 1)])
  }
  #expect(decode("\u{1B}[1;2P") == [.function(1)])
}

@Test func sequencesSplitAcrossReadsAreKeptUntilComplete() {
  var decoder = KeyDecoder()
  #expect(decoder.decode([0x1B]).isEmpty)
  #expect(decoder.decode([0x5B]).isEmpty)
  #expect(decoder.decode([0x31, 0x3B]).isEmpty)
  #expect(decoder.decode([0x35, 0x43, 0x61]) == [.right, .character("a")])
  #expect(!decoder.hasPending)
}

@Test func utf8SplitAcrossReadsIsKeptUntilComplete() {
  var decoder = KeyDecoder()
  let bytes = Array("€".utf8)
  #expect(decoder.decode(bytes.prefix(1)) == [])
  #expect(decoder.decode(bytes.dropFirst().prefix(1)) == [])
  #expect(decoder.decode(bytes.suffix(1)) == [.character("€")])
}

@Test func flushTurnsAPartialIntroducerIntoAlt() {
  var decoder = KeyDecoder()
  #expect(decoder.decode("\u{1B}[".utf8).isEmpty)
  #expect(decoder.flush() == [.alt("[")])
  #expect(decoder.decode("\u{1B}O".utf8).isEmpty)
  #expect(decoder.flush() == [.alt("O")])
}

@Test func flushDropsAPartialSequence() {
  var decoder = KeyDecoder()
  #expect(decoder.decode("\u{1B}[1;".utf8).isEmpty)
  #expect(decoder.flush().isEmpty)
  #expect(!decoder.hasPending)
  #expect(decoder.decode("a".utf8) == [.character("a")])
}

@Test func unknownSequencesAreDroppedWithoutEatingFollowingKeys() {
  #expect(decode("\u{1B}[99~a") == [.character("a")])
  #expect(decode("\u{1B}[<67;3;4Mb") == [.character("b")], "a sideways wheel")
  #expect(decode("\u{1B}[<0;3Mb") == [.character("b")], "a mouse report without a row")
  #expect(decode("\u{1B}OZc") == [.character("c")])
}

@Test func malformedSequencesAreDroppedWithoutEatingFollowingKeys() {
  #expect(decode([0x1B, 0x5B, 0x31, 0x0D, 0x61]) == [.enter, .character("a")])
  #expect(decode([0x1B, 0x5B, 0x31, 0xC3, 0xA9]) == [.character("é")])
}

@Test func invalidUTF8BecomesReplacementCharactersAndKeepsFollowingKeys() {
  #expect(decode([0xFF, 0x61]) == [.character("\u{FFFD}"), .character("a")])
  #expect(decode([0xC3, 0x61]) == [.character("\u{FFFD}"), .character("a")])
  #expect(decode([0x80, 0x0D]) == [.character("\u{FFFD}"), .enter])
  #expect(decode([0xE0, 0x80, 0x80, 0x62]) == [.character("\u{FFFD}"), .character("b")])
  #expect(decode([0xED, 0xA0, 0x80]) == [.character("\u{FFFD}")])
}

@Test func bracketedPasteIsOneEvent() {
  #expect(
    decode("x\u{1B}[200~hello\tworld\u{1B}[A\u{1B}[201~y")
      == [.character("x"), .paste("hello\tworld\u{1B}[A"), .character("y")])
}

@Test func bracketedPasteNormalizesCarriageReturns() {
  #expect(decode("\u{1B}[200~a\r\nb\rc\n\nd\u{1B}[201~") == [.paste("a\nb\nc\n\nd")])
}

@Test func bracketedPasteSpansManyReadsEvenInsideTheTerminator() {
  var decoder = KeyDecoder()
  let bytes = Array("\u{1B}[200~héllo wörld\u{1B}[201~z".utf8)
  var events: [KeyEvent] = []
  for byte in bytes {
    events += decoder.decode([byte])
  }
  #expect(events == [.paste("héllo wörld"), .character("z")])
  #expect(!decoder.hasPending)
}

@Test func bracketedPasteIsCappedAtOneMegabyte() {
  var decoder = KeyDecoder()
  var events = decoder.decode("\u{1B}[200~".utf8)
  let chunk = [UInt8](repeating: 0x61, count: 1 << 16)
  for _ in 0..<20 { events += decoder.decode(chunk) }
  events += decoder.decode("\u{1B}[201~".utf8)
  #expect(events.count == 1)
  guard case .paste(let text) = events.first else {
    Issue.record("expected a paste")
    return
  }
  #expect(text.utf8.count == KeyDecoder.maximumPasteLength)
}

@Test func flushDuringAPasteKeepsThePasteGoing() {
  var decoder = KeyDecoder()
  #expect(decoder.decode("\u{1B}[200~ab\u{1B}[20".utf8).isEmpty)
  #expect(decoder.flush().isEmpty)
  #expect(decoder.hasPending)
  #expect(decoder.decode("1~".utf8) == [.paste("ab")])
}

/// A stray `ESC [200~` (a paste whose end marker never comes) ends after a short silence: the
/// keys typed after it, Ctrl-C and `q` included, are keys again.
@Test func aPasteWhoseEndNeverComesEndsAfterASilence() {
  var decoder = KeyDecoder()
  #expect(decoder.decode("\u{1B}[200~stuck\u{1B}[20".utf8).isEmpty)
  for _ in 1..<KeyDecoder.pasteIdleFlushes { #expect(decoder.flush().isEmpty) }
  #expect(decoder.flush() == [.paste("stuck")])
  #expect(!decoder.hasPending)
  #expect(decoder.decode([0x03, 0x71]) == [.ctrl("c"), .character("q")])
}

@Test func bytesOfThePasteStartItsSilenceAgain() {
  var decoder = KeyDecoder()
  _ = decoder.decode("\u{1B}[200~a".utf8)
  for _ in 1..<KeyDecoder.pasteIdleFlushes { _ = decoder.flush() }
  #expect(decoder.decode("b".utf8).isEmpty, "a byte of the paste: the silence starts again")
  #expect(decoder.flush().isEmpty)
  #expect(decoder.decode("\u{1B}[201~".utf8) == [.paste("ab")])
}

@Test func aSequenceAsLongAsOneMayBeIsReadWholeAndALongerOneIsCutShort() {
  // 62 parameter bytes between `ESC [` and the final byte: the longest sequence read (64 bytes
  // with `ESC [`). One the decoder does not know is dropped whole, nothing of it typed.
  func sequence(parameterBytes: Int) -> String {
    "\u{1B}[" + String(repeating: "1;", count: parameterBytes / 2)
      + String(repeating: "1", count: parameterBytes % 2) + "x"
  }
  #expect(decode(sequence(parameterBytes: 62)).isEmpty)
  #expect(decode(sequence(parameterBytes: 62) + "a") == [.character("a")])
  #expect(!decode(sequence(parameterBytes: 63)).isEmpty, "cut short, its tail is typed")
}
