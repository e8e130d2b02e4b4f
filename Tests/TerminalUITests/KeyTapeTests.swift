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
}
