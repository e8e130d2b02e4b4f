/// A long run of characters in one batch of keys, which a focused field takes as one text.
///
/// An unbracketed paste arrives as one character key after another, thousands to a read. A
/// field fed them one by one edits (and the app lays its screen out) once per character, so a
/// megabyte took many minutes; as one text, it edits once per read. Nobody types
/// ``minimumLength`` characters between two reads of the terminal, so typing is unchanged: each
/// key is routed as itself, and one-character shortcuts keep working.
struct TypedRun {
  /// The fewest characters in a row that are taken as pasted text.
  static let minimumLength = 32

  /// The characters, as one text.
  let text: String
  /// The index of the first key after the run.
  let end: Int

  /// The run starting at `start`, when it is long enough and `takenAsText` says the keys would
  /// go to a field (asked only then).
  init?(in keys: [KeyEvent], from start: Int, takenAsText: () -> Bool) {
    guard keys.count - start >= Self.minimumLength, case .character = keys[start] else {
      return nil
    }
    var end = start
    while end < keys.count, case .character = keys[end] { end += 1 }
    guard end - start >= Self.minimumLength, takenAsText() else { return nil }
    var text = ""
    for case .character(let character) in keys[start..<end] { text.append(character) }
    self.text = text
    self.end = end
  }
}
