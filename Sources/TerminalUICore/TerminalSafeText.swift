/// Text from data, safe to print where a terminal reads it (standard error, a log, a tape a user
/// may `cat`): every scalar that could act on the terminal or on how a line reads is written as a
/// `\u{…}` escape, which tapes read back. Those are the C0 controls (but newline and tab, when
/// `multiline`), DEL and the C1 controls (ESC starts a sequence that sets a title, clears the
/// screen or writes the clipboard; 0x9B does the same in 8 bits), the line separators U+0085,
/// U+2028 and U+2029 (a line break to some readers, not to others), and the bidirectional marks,
/// embeddings, overrides and isolates (which make a line read in another order than it is).
/// A backslash is kept as it is.
///
/// For example, `terminalSafe("a\u{1B}]0;T\u{07}b")` is `a\u{1B}]0;T\u{7}b` (the escapes as
/// text), and `terminalSafe("one\ntwo", multiline: false)` is `one\u{A}two`.
public func terminalSafe(_ text: some StringProtocol, multiline: Bool = true) -> String {
  // Most text has nothing to escape: it is returned as it is, without building a copy.
  if !text.unicodeScalars.contains(where: { isUnsafeForTerminal($0, multiline: multiline) }) {
    return String(text)
  }
  var result = ""
  result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    if isUnsafeForTerminal(scalar, multiline: multiline) {
      result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// Whether a scalar printed raw could act on a terminal or on how a line reads (see
/// ``terminalSafe(_:multiline:)``).
public func isUnsafeForTerminal(_ scalar: Unicode.Scalar, multiline: Bool = true) -> Bool {
  switch scalar.value {
  case 0x0A, 0x09: !multiline
  case 0x00...0x1F, 0x7F...0x9F: true
  case 0x2028, 0x2029: true
  case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}
