import IssueReporting

/// Text from data, safe to print where a terminal reads it (an issue's message, an exported
/// test a user may `cat`): every scalar that could act on the terminal or on how a line reads
/// written as a `\u{…}` escape. Those are the C0 controls (but newline and tab, when
/// `multiline`), DEL and the C1 controls, the line separators U+0085, U+2028 and U+2029, and the
/// bidirectional marks, embeddings, overrides and isolates. In a Swift string literal the escape
/// is the same scalar (`debugDescription` leaves the last three raw). TerminalUI's public
/// `terminalSafe(_:multiline:)` follows the same rule for the text it prints.
func terminalSafe(_ text: String, multiline: Bool = true) -> String {
  func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: !multiline
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
  guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
  var result = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    if isUnsafe(scalar) {
      result.append(
        contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
    } else {
      result.append(scalar)
    }
  }
  return String(result)
}

/// Reports a problem with a file: what the message quotes of paths, keys and errors is made safe
/// to print, on one line.
func reportFileIssue(_ message: String) {
  reportIssue(terminalSafe(message, multiline: false))
}
