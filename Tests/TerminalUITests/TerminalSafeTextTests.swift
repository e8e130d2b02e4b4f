import PropertyBased
import TerminalUI
import Testing

// Text from data never reaches a terminal, or a file a user may `cat`, as a control sequence:
// controls, DEL, C1, line separators and bidirectional overrides come out as `\u{…}` escapes,
// and tapes read them back as the same text.

struct TerminalSafeTextTests {
  /// Scalars a hostile text is made of: printable ones, and every kind that could act on a
  /// terminal or on how a line reads.
  static let scalars: [Unicode.Scalar] = [
    "a", "Z", " ", "\"", "\\", "{", "}", "#", "界", "é", "\u{301}", "🙂",
    "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}",
    "\u{85}", "\u{9B}", "\u{9C}", "\u{9F}", "\u{2028}", "\u{2029}", "\u{200E}", "\u{200F}",
    "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{61C}", "\u{FEFF}",
  ]

  static let text = Gen.int(in: 0...(scalars.count - 1)).array(of: 0...40).map { indexes in
    var view = String.UnicodeScalarView()
    view.append(contentsOf: indexes.map { scalars[$0] })
    return String(view)
  }

  /// Whether a text holds a byte a terminal acts on: C0 (but newline and tab when `multiline`),
  /// DEL, a C1 control, a line separator or a bidirectional control.
  static func isRaw(_ text: String, multiline: Bool) -> Bool {
    text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x0A, 0x09: !multiline
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F: true
      case 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }

  @Test func nothingThatActsOnATerminalComesOutRaw() async {
    await propertyCheck(count: 2000, input: Self.text) { text in
      #expect(!Self.isRaw(terminalSafe(text), multiline: true), "\(text.debugDescription)")
      #expect(
        !Self.isRaw(terminalSafe(text, multiline: false), multiline: false),
        "\(text.debugDescription)")
    }
  }

  @Test func textWithNothingToEscapeIsKeptAsItIs() {
    #expect(terminalSafe("Café 界 🙂\nnext\tline") == "Café 界 🙂\nnext\tline")
    #expect(terminalSafe("a\u{1B}]0;T\u{7}b") == "a\\u{1B}]0;T\\u{7}b")
    #expect(terminalSafe("one\ntwo", multiline: false) == "one\\u{A}two")
  }

  @Test func aTapeWritesAnEscapeAsTerminalSafeTextDoesInCapitals() {
    #expect(KeyTape.quoted("a\u{1B}[2J\u{9B}") == #""a\u{1B}[2J\u{9B}""#)
  }

  @Test func aQuotedTextIsSafeAndReadsBackTheSame() async throws {
    await propertyCheck(count: 2000, input: Self.text) { text in
      let quoted = KeyTape.quoted(text)
      #expect(!Self.isRaw(quoted, multiline: false), "\(quoted.debugDescription)")
      let tape = try? KeyTape(parsing: "paste " + quoted)
      #expect(tape?.steps == [.keys([.paste(text)])], "\(text.debugDescription)")
    }
  }

  @Test func aRecordedSessionOfHostilePastesReplaysAsItWasAndIsSafeToCat() throws {
    let pastes = ["\u{1B}]0;Title\u{7}", "one\u{2028}two", "next\u{85}line", "\u{9B}2J", "\r\n"]
    let tape = KeyTape(steps: pastes.map { .keys([.paste($0)]) })
    #expect(!Self.isRaw(tape.text, multiline: true))
    #expect(try KeyTape(parsing: tape.text) == tape)
  }

  @Test func aHostileLineIsQuotedSafelyInItsError() {
    for line in ["key a\n\u{1B}]0;T\u{7}\u{1B}[2J", "key \u{1B}]52;c;SGVsbG8=\u{7}", "\u{9B}31m"] {
      do {
        _ = try KeyTape(parsing: line)
        Issue.record("\(line.debugDescription) parsed")
      } catch {
        #expect(!Self.isRaw(error.description, multiline: false), "\(error.description)")
      }
    }
  }

  @Test func aTapesScreenSizeIsBoundedAsTheCommandLinesIs() {
    #expect(throws: KeyTape.ParseError.self) { try KeyTape(parsing: "resize 60000x60000") }
    #expect(throws: KeyTape.ParseError.self) { try KeyTape(parsing: "resize 1001x10") }
    #expect(
      (try? KeyTape(parsing: "resize 1000x1000"))?.steps == [
        .resize(Size(width: 1000, height: 1000))
      ])
  }

  @Test func anEscapeThatIsNotAScalarIsAnError() {
    for bad in [#"paste "\u{110000}""#, #"paste "\u{D800}""#, #"paste "\u{1B""#, #"paste "\u1B""#] {
      #expect(throws: KeyTape.ParseError.self, "\(bad)") { try KeyTape(parsing: bad) }
    }
  }
}
