import TerminalUI
import Testing

// Mouse reports as terminals send them: the SGR form (mode 1006) and the legacy X10 form, whole
// or cut anywhere, never typed as text.

private func decode(_ text: String) -> [KeyEvent] {
  var decoder = KeyDecoder()
  return decoder.decode(text.utf8) + decoder.flush()
}

private func click(_ x: Int, _ y: Int) -> KeyEvent {
  .mouse(MouseEvent(.press(.left), at: Position(x: x, y: y)))
}

@Test func sgrReportsDecodeToMouseEventsAtZeroBasedCells() {
  #expect(decode("\u{1B}[<0;1;1M") == [click(0, 0)])
  #expect(decode("\u{1B}[<0;12;5m") == [.mouse(MouseEvent(.release, at: Position(x: 11, y: 4)))])
  #expect(
    decode("\u{1B}[<2;3;4M") == [.mouse(MouseEvent(.press(.right), at: Position(x: 2, y: 3)))])
  #expect(
    decode("\u{1B}[<1;3;4M") == [.mouse(MouseEvent(.press(.middle), at: Position(x: 2, y: 3)))])
  #expect(decode("\u{1B}[<64;3;4M") == [.mouse(MouseEvent(.scrollUp, at: Position(x: 2, y: 3)))])
  #expect(decode("\u{1B}[<65;3;4M") == [.mouse(MouseEvent(.scrollDown, at: Position(x: 2, y: 3)))])
  #expect(decode("\u{1B}[<32;3;4M") == [.mouse(MouseEvent(.drag(.left), at: Position(x: 2, y: 3)))])
  // Shift, Meta and Ctrl (4, 8, 16) do not change the event.
  #expect(decode("\u{1B}[<16;3;4M") == [click(2, 3)])
  // Columns past 223 are fine in this form.
  #expect(decode("\u{1B}[<0;300;2M") == [click(299, 1)])
  #expect(decode("a\u{1B}[<0;2;2Mb") == [.character("a"), click(1, 1), .character("b")])
}

@Test func legacyReportsDecodeToo() {
  // ESC [ M, then button, column and row, each plus 32 (and the position from 1).
  #expect(decode("\u{1B}[M !!") == [click(0, 0)])
  #expect(decode("\u{1B}[M#+%") == [.mouse(MouseEvent(.release, at: Position(x: 10, y: 4)))])
  #expect(
    decode("\u{1B}[M`+%x") == [
      .mouse(MouseEvent(.scrollUp, at: Position(x: 10, y: 4))), .character("x"),
    ])
  var decoder = KeyDecoder()
  // A column past 94 comes as a byte past 0x7F, which is not UTF-8 text here.
  #expect(decoder.decode([0x1B, 0x5B, 0x4D, 0x20, 0xC8, 0x22]) == [click(167, 1)])
}

@Test func malformedReportsAreDroppedWithoutEatingFollowingKeys() {
  #expect(decode("\u{1B}[<0;0;1Ma") == [.character("a")], "columns start at 1")
  #expect(decode("\u{1B}[<0;1;0Ma") == [.character("a")], "rows start at 1: no press at row -1")
  #expect(decode("\u{1B}[<0;1;1;1Ma") == [.character("a")])
  #expect(decode("\u{1B}[<1234567;1;1Ma") == [.character("a")], "too many digits")
  #expect(decode("\u{1B}[M  !a") == [.character("a")], "a legacy column 0 is no column -1")
  #expect(decode("\u{1B}[M ! a") == [.character("a")], "nor a legacy row 0 row -1")
  #expect(decode("\u{1B}[<66;1;1Ma") == [.character("a")], "a sideways wheel")
}

@Test func aReportCutAnywhereDecodesWhenItsRestArrivesEvenAfterTheEscapeDelay() {
  for report in ["\u{1B}[<0;12;34M", "\u{1B}[<65;200;3M", "\u{1B}[M !!"] {
    let bytes = Array(report.utf8) + Array("z".utf8)
    // From its third byte on (`ESC [ <` or `ESC [ M`): before that, a pause makes it the Esc
    // key or Alt-[, as it must.
    for cut in 3..<(bytes.count - 1) {
      var decoder = KeyDecoder()
      var events = decoder.decode(bytes[..<cut])
      // The escape delay passes with the report half read: nothing is typed.
      events += decoder.flush()
      #expect(events.isEmpty, "cut at \(cut) of \(report.debugDescription)")
      events += decoder.decode(bytes[cut...])
      #expect(events.count == 2 && events.last == .character("z"), "cut at \(cut)")
      if case .mouse = events.first {} else { Issue.record("no mouse event, cut at \(cut)") }
    }
  }
}

@Test func randomStreamsOfReportsAndKeysDecodeTheSameHoweverTheyAreRead() {
  var random = SystemRandomNumberGenerator()
  let reports = [
    "\u{1B}[<0;12;5M", "\u{1B}[<0;12;5m", "\u{1B}[<64;1;1M", "\u{1B}[<65;80;24M",
    "\u{1B}[M !!", "\u{1B}[<2;3;4M",
  ]
  let keys = ["a", "é", "\u{1B}[A", "\t", "日本", "M", "<", ";1"]
  for _ in 0..<500 {
    let pieces = (0..<Int.random(in: 1...12, using: &random)).map { _ in
      Bool.random(using: &random)
        ? (reports.randomElement(using: &random)!, true)
        : (keys.randomElement(using: &random)!, false)
    }
    let text = pieces.map(\.0).joined()
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for (piece, isReport) in pieces {
      let bytes = Array(piece.utf8)
      var index = 0
      while index < bytes.count {
        let next = min(bytes.count, index + Int.random(in: 1...4, using: &random))
        events += decoder.decode(bytes[index..<next])
        // The escape delay may pass inside a mouse report once it is recognisable (a terminal
        // sends it whole, but a read can still cut it); other sequences are not cut by a pause
        // here.
        if isReport, next >= 3, Bool.random(using: &random) { events += decoder.flush() }
        index = next
      }
      if Bool.random(using: &random) { events += decoder.flush() }
    }
    events += decoder.flush()
    #expect(events == decode(text), "\(text.debugDescription)")
    let mice = events.filter { if case .mouse = $0 { true } else { false } }
    #expect(mice.count == pieces.filter(\.1).count, "\(text.debugDescription)")
  }
}
