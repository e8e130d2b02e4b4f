/// A bracketed paste: the bytes between `ESC [200~` and `ESC [201~` become one `.paste` event,
/// its line ends made `\n`, at most ``KeyDecoder/maximumPasteLength`` bytes of it kept.
extension KeyDecoder {
  /// Collects paste bytes up to the terminator; returns `nil` when the input ends inside a
  /// possible terminator, which stays pending.
  mutating func consumePaste(from index: Int, into events: inout [KeyEvent]) -> Int? {
    let terminator = Self.pasteEnd
    var cursor = index
    while cursor < pending.count {
      if pending[cursor] == Self.escape {
        let available = min(terminator.count, pending.count - cursor)
        if pending[cursor..<(cursor + available)].elementsEqual(terminator[0..<available]) {
          appendPaste(pending[index..<cursor])
          guard available == terminator.count else {
            pending.removeSubrange(index..<cursor)
            return nil
          }
          finishPaste(into: &events)
          return cursor + terminator.count
        }
      }
      cursor += 1
    }
    appendPaste(pending[index..<cursor])
    return cursor
  }

  private mutating func appendPaste(_ bytes: ArraySlice<UInt8>) {
    guard var collected = pasteBytes else { return }
    pasteBytes = nil
    let room = Self.maximumPasteLength - collected.count
    if room > 0 { collected.append(contentsOf: bytes.prefix(room)) }
    pasteBytes = collected
  }

  mutating func finishPaste(into events: inout [KeyEvent]) {
    let bytes = pasteBytes ?? []
    pasteBytes = nil
    var text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.contains(0x0D) {
      text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }
    events.append(.paste(text))
  }
}
