import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct KeyTapeTests {
  @Test func advanceReadsSecondsFractionsAndMilliseconds() throws {
    let tape = try KeyTape(parsing: "advance 2s\nadvance 1.5s\nadvance 150ms\nadvance 0s")
    #expect(
      tape.steps == [
        .advance(.seconds(2)), .advance(.milliseconds(1500)), .advance(.milliseconds(150)),
        .advance(.zero),
      ])
  }

  @Test func badLinesAreReportedWithTheirLineNumber() {
    #expect(
      throws: KeyTape.ParseError(
        line: 2, message: "advance needs a duration like 2s, 1.5s or 150ms")
    ) {
      try KeyTape(parsing: "key tab\nadvance soon")
    }
    #expect(
      throws: KeyTape.ParseError(
        line: 1, message: "advance needs a duration like 2s, 1.5s or 150ms")
    ) {
      try KeyTape(parsing: "advance -1s")
    }
    #expect(throws: KeyTape.ParseError(line: 3, message: "unknown key \"hyper\"")) {
      try KeyTape(parsing: "# c\n\nkey hyper")
    }
    #expect(throws: KeyTape.ParseError(line: 1, message: "expected a quoted string")) {
      try KeyTape(parsing: "type hello")
    }
  }

  @Test func anErrorQuotingATabOrALineBreakStaysOnOneLine() {
    // A tape's bad line quoted in an error is printed on one line: a tab or line break in it
    // is written as an escape.
    let error = KeyTape.ParseError(line: 4, message: "unknown key \"a\tb\nc\"")
    #expect(error.description == #"line 4: unknown key "a\u{9}b\u{A}c""#)
    #expect(throws: KeyTape.ParseError(line: 1, message: "unknown key \"a\u{9}b\"")) {
      try KeyTape(parsing: "key a\tb")
    }
  }
}
