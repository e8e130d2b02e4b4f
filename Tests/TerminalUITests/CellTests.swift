import TerminalUI
import Testing

struct CellTests {
  @Test func aBlankCellIsASpaceWithNoStyle() {
    #expect(Cell.blank.grapheme == " ")
    #expect(Cell.blank.style == .plain)
    #expect(!Cell.blank.isContinuation)
  }
}
