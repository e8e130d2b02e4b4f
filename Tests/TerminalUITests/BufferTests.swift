import PropertyBased
import TerminalUI
import Testing

@testable import TerminalUICore

@Test func writingTextFillsCellsWithTheStyle() {
  var buffer = Buffer(size: Size(width: 6, height: 2))
  let bold = Style(bold: true)
  #expect(buffer.write("Hi", at: Position(x: 1, y: 1), style: bold) == 2)
  #expect(buffer.lines == ["      ", " Hi   "])
  #expect(buffer[1, 1] == Cell(grapheme: "H", style: bold))
  #expect(buffer[0, 1].style == .plain)
}

@Test func writingIsClippedToTheBufferAndTheRectangle() {
  var buffer = Buffer(size: Size(width: 5, height: 1))
  buffer.write("abcdefgh", at: Position(x: 2, y: 0))
  #expect(buffer.lines == ["  abc"])
  buffer.write("XYZW", at: Position(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 2, height: 1))
  #expect(buffer.lines == [" YZbc"])
  buffer.write("nope", at: Position(x: 0, y: 3))
  buffer.write("nope", at: Position(x: -9, y: 0))
  #expect(buffer.lines == [" YZbc"])
}

/// ASCII text is written byte by byte: control characters take no cell, and clipping on
/// either side is what it is for other text.
@Test func asciiTextSkipsControlCharactersAndClipsLikeAnyText() {
  var buffer = Buffer(size: Size(width: 8, height: 1))
  #expect(buffer.write("a\tb\r\nc\u{7F}d", at: Position(x: 0, y: 0)) == 4)
  #expect(buffer.lines == ["abcd    "])
  #expect(
    buffer.write(
      "0123456789", at: Position(x: -2, y: 0), clip: Rect(x: 1, y: 0, width: 3, height: 1)) == 3)
  #expect(buffer.lines == ["a345    "])
  var mixed = Buffer(size: Size(width: 8, height: 1))
  #expect(mixed.write("ab漢cd", at: Position(x: 0, y: 0)) == 6)
  #expect(mixed.lines == ["ab漢cd  "])
}

@Test func c1ControlsAmongSymbolsTakeNoCell() {
  for c1 in ["\u{80}", "\u{9B}", "\u{9F}"] {
    var buffer = Buffer(size: Size(width: 8, height: 1))
    #expect(buffer.write("a\(c1)✓b", at: Position(x: 0, y: 0)) == 3)
    #expect(buffer.lines == ["a✓b     "])
  }
}

@MainActor @Test func plainTextIsDrawnNeitherDimNorBold() {
  let buffer = render(Text("hi"), size: Size(width: 2, height: 1))
  #expect(buffer[0, 0].style == Style.plain)
  #expect(!buffer[0, 0].style.dim && !buffer[0, 0].style.bold && !buffer[0, 0].style.underline)
}

@Test func aOneByOneBufferNeverCrashes() {
  var buffer = Buffer(size: Size(width: 1, height: 1))
  buffer.write("漢字", at: Position(x: 0, y: 0))
  #expect(buffer.lines == [" "])
  buffer.write("abc", at: Position(x: 0, y: 0))
  #expect(buffer.lines == ["a"])
  buffer.fill(Rect(x: -5, y: -5, width: 50, height: 50), with: Cell(grapheme: "#"))
  #expect(buffer.lines == ["#"])
  #expect(buffer[3, 3] == .blank)
}

@Test func anEmptyBufferAcceptsWritesAndDiffs() {
  var buffer = Buffer(size: Size(width: 0, height: -3))
  buffer.write("x", at: Position(x: 0, y: 0))
  #expect(buffer.lines.isEmpty)
  #expect(buffer.diff(from: Buffer(size: Size(width: 0, height: 0))).isEmpty)
}

@Test func wideCharactersTakeAContinuationCell() {
  var buffer = Buffer(size: Size(width: 4, height: 1))
  buffer.write("漢a", at: Position(x: 0, y: 0))
  #expect(buffer[0, 0].grapheme == "漢")
  #expect(buffer[1, 0].isContinuation)
  #expect(buffer[2, 0].grapheme == "a")
  #expect(buffer.lines == ["漢a "])
}

@Test func wideCharactersAreNeverSplitAtTheEdge() {
  var buffer = Buffer(size: Size(width: 3, height: 1))
  buffer.write("a漢字", at: Position(x: 0, y: 0))
  #expect(buffer.lines == ["a漢"])
  buffer.write("字", at: Position(x: 2, y: 0))
  #expect(buffer[2, 0].isContinuation)
  #expect(buffer.lines == ["a漢"])
}

@Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
  var buffer = Buffer(size: Size(width: 4, height: 1))
  buffer.write("漢字", at: Position(x: 0, y: 0))
  buffer.write("x", at: Position(x: 1, y: 0))
  buffer.write("y", at: Position(x: 2, y: 0))
  #expect(buffer.lines == [" xy "])
  #expect(buffer.cells.allSatisfy { !$0.isContinuation })
}

@Test func theHalfLeftOfAnOverwrittenWideCharacterKeepsItsStyle() {
  var buffer = Buffer(size: Size(width: 4, height: 1))
  buffer.write("漢", at: Position(x: 0, y: 0), style: Style(bold: true))
  buffer.write("y", at: Position(x: 2, y: 0), style: Style(reverse: true))
  buffer.write("x", at: Position(x: 1, y: 0))
  #expect(buffer.lines == [" xy "])
  #expect(buffer[0, 0].style == Style(bold: true), "the blank where 漢 began")
  #expect(buffer[2, 0].style == Style(reverse: true))
}

@Test func diffListsOnlyChangedCells() {
  let before = Buffer(size: Size(width: 3, height: 2))
  var after = before
  after.write("ab", at: Position(x: 1, y: 1))
  #expect(
    after.diff(from: before) == [
      CellUpdate(position: Position(x: 1, y: 1), cell: Cell(grapheme: "a")),
      CellUpdate(position: Position(x: 2, y: 1), cell: Cell(grapheme: "b")),
    ])
  #expect(after.diff(from: after).isEmpty)
}

@Test func diffAfterAResizeRedrawsEveryCell() {
  let before = Buffer(size: Size(width: 2, height: 2))
  let after = Buffer(size: Size(width: 3, height: 1))
  #expect(after.diff(from: before).count == 3)
}

@Test func applyingADiffReproducesTheBuffer() {
  var before = Buffer(size: Size(width: 5, height: 2))
  before.write("hello", at: Position(x: 0, y: 0))
  var after = before
  after.write("漢!", at: Position(x: 1, y: 1), style: Style(reverse: true))
  after.write("J", at: Position(x: 0, y: 0))
  var replayed = before
  replayed.apply(after.diff(from: before))
  #expect(replayed == after)
}

@MainActor
@Test func theHeadlessBackendKeepsWhatWasDrawnAndCountsFrames() {
  let backend = HeadlessBackend(width: 4, height: 1)
  var frame = Buffer(size: backend.size)
  frame.write("ok", at: Position(x: 1, y: 0))
  backend.draw(frame.diff(from: backend.buffer))
  backend.setCursor(Position(x: 3, y: 0))
  backend.flush()
  #expect(backend.buffer.lines == [" ok "])
  #expect(backend.buffer.cursor == Position(x: 3, y: 0))
  #expect(backend.drawCount == 1)
  #expect(backend.flushCount == 1)
  #expect(backend.cellsDrawn == 2)
  backend.clear()
  #expect(backend.buffer.lines == ["    "])
  backend.resize(to: Size(width: 2, height: 2))
  #expect(backend.size == Size(width: 2, height: 2))
}

@Test func aLayoutOnlyBufferMeasuresWritesAndKeepsNoCells() {
  var painted = Buffer(size: Size(width: 6, height: 2))
  var laidOut = Buffer.layoutOnly(size: Size(width: 6, height: 2))
  for text in ["日本語です", "ab", "e\u{301}x"] {
    let clip = Rect(x: 1, y: 0, width: 4, height: 2)
    #expect(
      laidOut.write(text, at: Position(x: 0, y: 1), clip: clip)
        == painted.write(text, at: Position(x: 0, y: 1), clip: clip))
  }
  laidOut.fill(laidOut.bounds, with: Cell(grapheme: "x"))
  laidOut.restyle(laidOut.bounds) { $0.bold = true }
  #expect(!laidOut.paints && painted.paints)
  #expect(laidOut.cells.isEmpty)
  #expect(laidOut[1, 1] == .blank)
  #expect(laidOut.lines == ["      ", "      "])
  #expect(laidOut.diff(from: painted) == Buffer(size: painted.size).diff(from: painted))
}

/// Text of symbols and punctuation among ASCII is written scalar by scalar; the cells are
/// those of one grapheme at a time, wide ones and clipping on either side included, also when a
/// scalar that joins its neighbour sends the text the grapheme way.
@Test func symbolTextIsWrittenAsItsGraphemesAre() async {
  #expect(symbolCells("  ⚠ Enter", x: 0, clip: 0..<8) == ["  ⚠ Ente  "])
  #expect(symbolCells("✅ ok", x: -1, clip: 0..<10) == ["  ok      "])
  let pool: [String] = [
    "a", " ", "\t", "é", "\u{AD}", "—", "…", "•", "←", "─", "⚠", "✓", "☕", "✅", "\u{FE0F}",
    "\u{301}", "\u{200D}", "漢", "👍",
  ]
  let picks = Gen.int(in: 0...(pool.count - 1)).array(of: 0...10)
  await propertyCheck(
    count: 2000, input: picks, Gen.int(in: -3...6), Gen.int(in: 0...7), Gen.int(in: 0...8)
  ) { picks, x, clipStart, clipWidth in
    let text = picks.map { pool[$0] }.joined()
    let clip = clipStart..<(clipStart + clipWidth)
    #expect(
      symbolCells(text, x: x, clip: clip) == graphemeCells(text, x: x, clip: clip),
      "\(text.debugDescription) at \(x), clip \(clip)")
  }
}

/// The cells `Buffer.write` leaves on a row of 10.
private func symbolCells(_ text: String, x: Int, clip: Range<Int>) -> [String] {
  var buffer = Buffer(size: Size(width: 10, height: 1))
  buffer.write(
    text, at: Position(x: x, y: 0),
    clip: Rect(x: clip.lowerBound, y: 0, width: clip.count, height: 1))
  return [(0..<10).map { buffer[$0, 0].isContinuation ? "+" : buffer[$0, 0].grapheme }.joined()]
}

/// The same, one grapheme at a time: what writing text is.
private func graphemeCells(_ text: String, x start: Int, clip: Range<Int>) -> [String] {
  var cells = Array(repeating: " ", count: 10)
  let area = max(0, clip.lowerBound)..<min(10, clip.upperBound)
  var x = start
  for character in text {
    let columns = displayWidth(character)
    if columns == 0 { continue }
    if x + columns > area.upperBound { break }
    if x >= area.lowerBound {
      cells[x] = String(character)
      if columns == 2 { cells[x + 1] = "+" }
    } else if columns == 2, x + 1 == area.lowerBound {
      cells[x + 1] = " "
    }
    x += columns
  }
  return [cells.joined()]
}
