import TerminalUI
import Testing

struct CellTests {
  @Test func aBlankCellIsASpaceWithNoStyle() {
    #expect(Cell.blank.grapheme == " ")
    #expect(Cell.blank.style == .plain)
    #expect(!Cell.blank.isContinuation)
  }

  /// A cell keeps its grapheme inline (up to 16 bytes of UTF-8) or, longer, in a table; either
  /// way it reads back the same, and equal graphemes make equal cells.
  @Test func everyGraphemeReadsBackAsWritten() {
    let graphemes = [
      "", " ", "a", "~", "é", "e\u{301}", "漢", "👍🏽", "🇫🇷", "❤️",
      "👨‍👩‍👧‍👦",  // 25 bytes: kept in the table
      "👩🏽‍🤝‍👩🏻",  // 26 bytes
      "\u{0}", "a\u{0}b", "\r\n",
    ]
    for grapheme in graphemes {
      let cell = Cell(grapheme: grapheme)
      #expect(cell.grapheme == grapheme)
      #expect(cell == Cell(grapheme: grapheme))
      #expect(cell.hashValue == Cell(grapheme: grapheme).hashValue)
    }
    for (index, grapheme) in graphemes.enumerated() {
      for other in graphemes[(index + 1)...] {
        #expect(Cell(grapheme: grapheme) != Cell(grapheme: other))
      }
    }
    var cell = Cell(grapheme: "a", style: Style(bold: true))
    cell.grapheme = "👨‍👩‍👧‍👦"
    #expect(cell.grapheme == "👨‍👩‍👧‍👦")
    #expect(cell.style == Style(bold: true))
  }
}
