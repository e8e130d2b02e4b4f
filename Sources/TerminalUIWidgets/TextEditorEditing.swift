import TerminalUICore

/// The editing logic of a multi-line text editor: the text, a cursor, soft wrapping at a width,
/// and the keys of ``TextEditing`` plus lines.
///
/// For example:
///
/// ```swift
/// var editing = TextEditorEditing(text: "one two three", width: 8)
/// editing.visualLines  // "one two " and "three": soft wrapped, the text unchanged
/// editing.handle(.up)  // the cursor goes up a visual line, to the same column
/// ```
///
/// Keys: characters and pastes insert at the cursor (a paste keeps its newlines), Enter starts
/// a new line, ←/→ move a character, ↑/↓ a visual line (keeping the column, through shorter
/// lines too), Home/End or
/// Ctrl-A/Ctrl-E go to the start and end of the visual line, Alt-B/Alt-F a word back and forth,
/// Backspace and Delete (or Ctrl-D) remove one character, Ctrl-W the word before the cursor,
/// Ctrl-U everything before the cursor on its line. `lineLimit` caps the lines (a pasted newline
/// past it becomes a space, and Enter does nothing); `maxLength` caps the characters.
public struct TextEditorEditing: Hashable, Sendable {
  /// The text being edited.
  public private(set) var text: String
  /// The cursor, as a number of characters from the start.
  public private(set) var cursor: Int
  /// The width soft wrapping fits lines into (at least 1).
  public var width: Int
  /// The most lines the text may hold, or `nil` for no limit.
  public var lineLimit: Int?
  /// The most characters the text may hold, or `nil` for no limit.
  public var maxLength: Int?
  /// The column ↑ and ↓ aim for: set by the first of a run of them, so passing through a short
  /// line does not lose it; any other key clears it.
  public var goalColumn: Int?

  /// Starts editing `text` with the cursor at `cursor` (its end by default), wrapped at `width`.
  public init(
    text: String = "", cursor: Int? = nil, width: Int, lineLimit: Int? = nil,
    maxLength: Int? = nil
  ) {
    self.text = text
    self.cursor = min(max(0, cursor ?? text.count), text.count)
    self.width = max(1, width)
    self.lineLimit = lineLimit
    self.maxLength = maxLength
  }

  /// A line as shown: the characters from `start` up to `end` (not counting a newline).
  public struct VisualLine: Hashable, Sendable {
    /// The offset of its first character.
    public var start: Int
    /// The offset after its last character.
    public var end: Int

    /// The line from `start` up to `end`.
    public init(start: Int, end: Int) {
      self.start = start
      self.end = end
    }
  }

  /// The lines as shown: each line of the text, cut where it no longer fits the width: after
  /// the last space that fits, or inside a word longer than the width (a wide character that
  /// would straddle the edge starts the next line).
  public var visualLines: [VisualLine] {
    var lines: [VisualLine] = []
    var start = 0
    var column = 0
    var offset = 0
    // Where the line can break: after its last space, and the column there.
    var breakOffset: Int?
    var breakColumn = 0
    for character in text {
      if character == "\n" {
        lines.append(VisualLine(start: start, end: offset))
        start = offset + 1
        column = 0
        breakOffset = nil
      } else {
        let columns = displayWidth(character)
        if column + columns > width, offset > start {
          if let at = breakOffset, character != " " {
            lines.append(VisualLine(start: start, end: at))
            start = at
            column -= breakColumn
          } else {
            lines.append(VisualLine(start: start, end: offset))
            start = offset
            column = 0
          }
          breakOffset = nil
        }
        column += columns
        if character == " " {
          breakOffset = offset + 1
          breakColumn = column
        }
      }
      offset += 1
    }
    lines.append(VisualLine(start: start, end: offset))
    return lines
  }

  /// The visual line the cursor is on, and its column there.
  public var cursorPosition: (line: Int, column: Int) {
    let lines = visualLines
    let characters = Array(text)
    // The last line starting at or before the cursor: the cursor at a wrap point belongs to
    // the line that starts there.
    let line = lines.lastIndex { $0.start <= cursor } ?? 0
    let column = characters[lines[line].start..<min(cursor, lines[line].end)].reduce(0) {
      $0 + displayWidth($1)
    }
    return (line, column)
  }

  /// Whether `key` is one the editor takes while it has focus: the text field's keys, and
  /// Enter, ↑/↓ and the word moves.
  public static func isEditingKey(_ key: KeyEvent) -> Bool {
    TextEditing.isEditingKey(key) || [.enter, .up, .down, .alt("b"), .alt("f")].contains(key)
  }

  /// Applies a key; returns whether the editor used it (others go to the screen).
  @discardableResult
  public mutating func handle(_ key: KeyEvent) -> Bool {
    if key != .up, key != .down { goalColumn = nil }
    switch key {
    case .character(let character):
      insert(String(character))
    case .paste(let pasted):
      insert(pasted)
    case .enter:
      if let lineLimit, text.count(where: { $0 == "\n" }) + 1 >= lineLimit { return true }
      insert("\n")
    case .left, .right, .backspace, .delete, .ctrl("d"):
      // As in a text field (a newline is a character like any other).
      var field = TextEditing(text: text, cursor: cursor)
      field.handle(key)
      text = field.text
      cursor = field.cursor
    case .up, .down:
      let lines = visualLines
      let (line, column) = cursorPosition
      let goal = goalColumn ?? column
      goalColumn = goal
      let target = key == .up ? line - 1 : line + 1
      guard lines.indices.contains(target) else {
        cursor = key == .up ? 0 : text.count
        return true
      }
      cursor = offset(atColumn: goal, in: lines[target])
    case .home, .ctrl("a"):
      cursor = visualLines[cursorPosition.line].start
    case .end, .ctrl("e"):
      cursor = visualLines[cursorPosition.line].end
    case .alt("b"):
      let characters = Array(text)
      var target = cursor
      while target > 0, !characters[target - 1].isWordCharacter { target -= 1 }
      while target > 0, characters[target - 1].isWordCharacter { target -= 1 }
      cursor = target
    case .alt("f"):
      let characters = Array(text)
      var target = cursor
      while target < characters.count, !characters[target].isWordCharacter { target += 1 }
      while target < characters.count, characters[target].isWordCharacter { target += 1 }
      cursor = target
    case .ctrl("w"):
      let characters = Array(text)
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " ", characters[start - 1] != "\n" { start -= 1 }
      text.removeSubrange(index(start)..<index(cursor))
      cursor = start
    case .ctrl("u"):
      let characters = Array(text)
      var start = cursor
      while start > 0, characters[start - 1] != "\n" { start -= 1 }
      text.removeSubrange(index(start)..<index(cursor))
      cursor = start
    default:
      return false
    }
    return true
  }

  /// The offset in `line` whose column is `column`, or the line's end when it is shorter.
  public func offset(atColumn column: Int, in line: VisualLine) -> Int {
    let characters = Array(text)
    var offset = line.start
    var at = 0
    while offset < line.end {
      let columns = displayWidth(characters[offset])
      if at + columns > column { break }
      at += columns
      offset += 1
    }
    return offset
  }

  /// Puts the cursor at `offset`, clamped to the text.
  public mutating func moveCursor(to offset: Int) {
    cursor = min(max(0, offset), text.count)
  }

  private func index(_ offset: Int) -> String.Index {
    text.index(text.startIndex, offsetBy: offset)
  }

  private mutating func insert(_ string: String) {
    var inserted = string.filter { $0 == "\n" || displayWidth($0) > 0 }
    if let lineLimit {
      let room = max(0, lineLimit - 1 - text.count(where: { $0 == "\n" }))
      var kept = ""
      var newlines = 0
      for character in inserted {
        if character == "\n" {
          guard newlines < room else {
            kept.append(" ")
            continue
          }
          newlines += 1
        }
        kept.append(character)
      }
      inserted = kept
    }
    if let maxLength {
      inserted = String(inserted.prefix(max(0, maxLength - text.count)))
    }
    text.insert(contentsOf: inserted, at: index(cursor))
    cursor += inserted.count
  }
}

extension Character {
  /// Letters, digits and `_`: what a word move skips over.
  fileprivate var isWordCharacter: Bool { isLetter || isNumber || self == "_" }
}
