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
  /// A mouse button pressed or released, or the wheel turned, over a cell.
  case mouse(MouseEvent)

  /// Whether this is a click: the left mouse button pressed.
  public var isClick: Bool {
    if case .mouse(let event) = self { return event.isClick }
    return false
  }
}

/// What the mouse did, and over which cell (0-based column and row).
///
/// For example, a left click on the top-left cell is
/// `MouseEvent(.press(.left), at: Position(x: 0, y: 0))`.
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    case left, middle, right
  }

  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A button went down: a click.
    case press(Button)
    /// A button moved while held down.
    case drag(Button)
    /// The buttons were released.
    case release
    /// The wheel turned up (away from the user) or down.
    case scrollUp, scrollDown
  }

  /// What happened.
  public var kind: Kind
  /// The cell under the pointer.
  public var position: Position

  /// An event of `kind` over the cell at `position`.
  public init(_ kind: Kind, at position: Position) {
    self.kind = kind
    self.position = position
  }

  /// Whether this is a press of the left button.
  public var isClick: Bool { kind == .press(.left) }
}

extension KeyEvent {
  /// Whether the key types a character (which a focused text field takes as text).
  var isCharacter: Bool {
    if case .character = self { true } else { false }
  }
}
