import Foundation
import TerminalUI
import Testing

// The key names of the tape format: one table that the reader reads, `keyName(_:)` writes and
// the tape-format article shows; an unknown name's error says which name was meant.

struct TapeKeyNamesTests {
  /// The article whose key-name table is generated from `KeyTape.keyNames`.
  static let articlePath = "Sources/TerminalUITesting/TerminalUITesting.docc/Articles/KeyTapes.md"
  static let startMarker =
    "<!-- key names: generated from KeyTape.keyNames and KeyTape.keyNamePatterns; "
    + "TapeKeyNamesTests checks it -->"
  static let endMarker = "<!-- end key names -->"

  /// The table the article must show, in Markdown.
  static var generatedTable: String {
    var lines = ["| Name | Key | `KeyEvent` |", "| --- | --- | --- |"]
    for entry in KeyTape.keyNames {
      lines.append("| `\(entry.name)` | \(entry.meaning) | `.\(entry.key)` |")
    }
    for pattern in KeyTape.keyNamePatterns {
      lines.append(
        "| `\(pattern.name)`, for example `\(pattern.example)` | \(pattern.meaning) "
          + "| `.\(pattern.key)` |")
    }
    return lines.joined(separator: "\n")
  }

  @Test func theArticleListsEveryKeyNameTheReaderReads() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent(Self.articlePath), encoding: .utf8)
    let expected = Self.generatedTable
    // The lines between the markers, without indentation or blank lines around them.
    let shown = text.components(separatedBy: Self.startMarker).dropFirst().first?
      .components(separatedBy: Self.endMarker).first?
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "\n")
    if shown != expected {
      Issue.record(
        """
        The key names in \(Self.articlePath) are not the ones KeyTape.keyNames and \
        KeyTape.keyNamePatterns generate. Put these lines between the line \(Self.startMarker) \
        and the line \(Self.endMarker), in place of what is there:

        \(expected)
        """)
    }
  }

  @Test func everyNameReadsAsItsKeyAndIsHowTheKeyIsWritten() {
    for entry in KeyTape.keyNames + KeyTape.keyNamePatterns {
      #expect(KeyTape.key(named: entry.example) == entry.key, "\(entry.example)")
      #expect(keyName(entry.key) == entry.example, "\(entry.key)")
    }
    #expect(Set(KeyTape.keyNames.map(\.name)).count == KeyTape.keyNames.count)
  }

  @Test func everyKeyWithoutACharacterHasANameOfItsOwn() {
    let keys: [KeyEvent] = [
      .enter, .tab, .backTab, .escape, .backspace, .delete, .up, .down, .left, .right, .home,
      .end, .pageUp, .pageDown, .insert,
    ]
    let named = Set(KeyTape.keyNames.map(\.key))
    for key in keys { #expect(named.contains(key), "\(key)") }
  }

  @Test(arguments: [
    ("escape", "esc"), ("return", "enter"), ("pagedown", "pgdn"), ("pgdown", "pgdn"),
    ("page-down", "pgdn"), ("pageup", "pgup"), ("backtab", "shift-tab"), ("del", "delete"),
    ("ins", "insert"), ("bs", "backspace"), ("spacebar", "space"), ("Enter", "enter"),
    ("ESC", "esc"), ("Escape", "esc"), ("F5", "f5"), ("Shift+Tab", "shift-tab"),
    ("Ctrl+C", "ctrl-c"), ("control-x", "ctrl-x"), ("^C", "ctrl-c"), ("meta-b", "alt-b"),
    ("Alt+f", "alt-f"), ("page_up", "pgup"),
  ])
  func anotherSpellingOfAKeyFailsAndNamesTheKeyMeant(spelling: String, name: String) throws {
    #expect(KeyTape.key(named: spelling) == nil)
    #expect(KeyTape.key(named: name) != nil)
    #expect(
      throws: KeyTape.ParseError(
        line: 2, message: "unknown key \"\(spelling)\" (did you mean \"\(name)\"?)")
    ) {
      try KeyTape(parsing: "type \"a\"\nkey tab \(spelling)")
    }
  }

  @Test func aNameLikeNoKeyOnlySaysItIsUnknown() {
    #expect(throws: KeyTape.ParseError(line: 1, message: "unknown key \"hyper\"")) {
      try KeyTape(parsing: "key hyper")
    }
    #expect(throws: KeyTape.ParseError(line: 1, message: "unknown key \"f13\"")) {
      try KeyTape(parsing: "key f13")
    }
  }
}
