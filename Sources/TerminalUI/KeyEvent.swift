/// A key or other input event, decoded from terminal bytes.
public enum KeyEvent: Hashable, Sendable {
  /// A printable grapheme cluster typed by the user.
  case character(Character)
  /// A control key: `ctrl("c")` is Ctrl-C (byte 0x03).
  case ctrl(Character)
  /// Alt (Meta) with a character: ESC followed by the character.
  case alt(Character)
  case enter, tab, backTab, escape, backspace, delete
  case up, down, left, right, home, end, pageUp, pageDown, insert
  /// A function key, 1 to 12.
  case function(Int)
  /// A bracketed paste, delivered as one event.
  case paste(String)
  /// The terminal was resized.
  case resize(Size)
}
