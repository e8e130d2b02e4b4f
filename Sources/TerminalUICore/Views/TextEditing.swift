/// The editing logic of a one-line text field: the text, a cursor, and emacs-style keys.
///
/// For example:
///
/// ```swift
/// var editing = TextEditing(text: "helo")
/// editing.handle(.left)
/// editing.handle(.character("l"))  // "hello", cursor before "o"
/// ```
///
/// Keys: characters and pastes insert at the cursor (newlines in pastes become spaces), ←/→
/// and Home/End or Ctrl-A/Ctrl-E move, Backspace and Delete remove one character, Ctrl-W
/// removes the word before the cursor, Ctrl-U everything before it. `maxLength` counts
/// characters; input beyond it is dropped.
public struct TextEditing: Hashable, Sendable {
  /// The text being edited.
  public private(set) var text: String
  /// The cursor, as a number of characters from the start.
  public private(set) var cursor: Int
  /// The most characters the text may hold, or `nil` for no limit.
  public var maxLength: Int?

  /// Starts editing `text` with the cursor at its end.
  public init(text: String = "", maxLength: Int? = nil) {
    self.text = text
    self.cursor = text.count
    self.maxLength = maxLength
  }

  /// Starts editing `text` with the cursor at `cursor`, clamped to the text.
  public init(text: String, cursor: Int, maxLength: Int? = nil) {
    self.text = text
    // Walks as far as the cursor only (the text may be a pasted megabyte).
    let cursor = max(0, cursor)
    let fits = text.index(text.startIndex, offsetBy: cursor, limitedBy: text.endIndex) != nil
    self.cursor = fits ? cursor : text.count
    self.maxLength = maxLength
  }

  /// Replaces the text, keeping the cursor inside it.
  public mutating func setText(_ newText: String) {
    text = newText
    cursor = min(cursor, text.count)
  }

  /// Whether `key` is one of the editing keys a field takes while it has focus (whatever the
  /// text and cursor): typed characters, pastes, ←/→, Home/End, Backspace/Delete and the emacs
  /// keys. The help does not list a screen key that a focused field takes.
  ///
  /// For example, `TextEditing.isEditingKey(.left)` is true and `.isEditingKey(.tab)` false.
  public static func isEditingKey(_ key: KeyEvent) -> Bool {
    switch key {
    case .character, .paste, .left, .right, .home, .end, .backspace, .delete, .ctrl("a"),
      .ctrl("e"), .ctrl("d"), .ctrl("w"), .ctrl("u"):
      true
    default:
      false
    }
  }

  /// Applies a key; returns whether the field used it (others go to the screen).
  @discardableResult
  public mutating func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character):
      insert(String(character))
    case .paste(let pasted):
      insert(pasted.replacing("\n", with: " "))
    case .left:
      cursor = max(0, cursor - 1)
    case .right:
      cursor = min(text.count, cursor + 1)
    case .home, .ctrl("a"):
      cursor = 0
    case .end, .ctrl("e"):
      cursor = text.count
    case .backspace:
      guard cursor > 0 else { return true }
      text.remove(at: index(cursor - 1))
      cursor -= 1
    case .delete, .ctrl("d"):
      guard cursor < text.count else { return true }
      text.remove(at: index(cursor))
    case .ctrl("w"):
      var start = cursor
      let characters = Array(text)
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      text.removeSubrange(index(start)..<index(cursor))
      cursor = start
    case .ctrl("u"):
      text.removeSubrange(text.startIndex..<index(cursor))
      cursor = 0
    default:
      return false
    }
    return true
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }

  private mutating func insert(_ string: String) {
    var inserted = string.filter { displayWidth($0) > 0 }
    if let maxLength {
      inserted = String(inserted.prefix(max(0, maxLength - text.count)))
    }
    // The cursor goes after what was inserted, counted in the new text: characters that join
    // across the insertion point (a flag's two letters, Hangul jamo) count once. Only the
    // character before the insertion point can join, so only it is counted again.
    let at = index(cursor)
    let through: Int
    if at > text.startIndex {
      let before = text.index(before: at)
      through = cursor - 1 + (text[before..<at] + inserted).count
    } else {
      through = inserted.count
    }
    text.insert(contentsOf: inserted, at: at)
    cursor = through
  }
}
