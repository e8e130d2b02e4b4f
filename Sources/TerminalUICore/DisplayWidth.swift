/// The number of terminal columns a grapheme cluster occupies: 0, 1 or 2.
///
/// For example:
///
/// ```swift
/// displayWidth("a" as Character)   // 1
/// displayWidth("漢" as Character)  // 2
/// displayWidth("👍" as Character)  // 2
/// ```
///
/// Control characters and clusters made only of combining marks or zero-width characters are
/// 0 columns; East Asian wide and fullwidth characters and emoji shown as emoji are 2.
public func displayWidth(_ character: Character) -> Int {
  // ASCII (most of what a screen shows) without a look at the Unicode tables: a control
  // character ("\r\n" included) takes no column, any other one column.
  if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
  var scalars = character.unicodeScalars.makeIterator()
  guard let first = scalars.next() else { return 0 }
  var base: Unicode.Scalar? = isZeroWidth(first) ? nil : first
  var emojiVariation = false
  while let scalar = scalars.next() {
    if scalar == "\u{FE0F}" { emojiVariation = true }
    if base == nil, !isZeroWidth(scalar) { base = scalar }
  }
  guard let base else { return 0 }
  if base.properties.generalCategory == .control { return 0 }
  if base.properties.isEmojiPresentation { return 2 }
  if emojiVariation, base.properties.isEmoji, base.value > 0x7F { return 2 }
  return isEastAsianWide(base.value) ? 2 : 1
}

/// The number of terminal columns a string occupies: the sum of its graphemes' widths.
// Inlined into the caller as far as its text as a `String`, as `Buffer.write` is.
@inlinable
public func displayWidth(_ string: some StringProtocol) -> Int {
  displayWidth(string: String(converting: string))
}

extension String {
  /// `text` as a `String`: itself, without a copy, when it is one (the cast folds away once
  /// the caller is specialized), and a copy of a slice otherwise.
  @inlinable
  init(converting text: some StringProtocol) {
    if let string = text as? String {
      self = string
    } else {
      self = String(text)
    }
  }
}

/// ``displayWidth(_:)-(StringProtocol)`` for a `String`.
@usableFromInline
func displayWidth(string: String) -> Int {
  // An ASCII string is counted by its bytes: one column for each printable one.
  var printable = 0
  var isASCII = true
  for byte in string.utf8 {
    if byte >= 0x80 {
      isASCII = false
      break
    }
    if byte >= 0x20, byte != 0x7F { printable += 1 }
  }
  if isASCII { return printable }
  if let width = widthOfSeparateScalars(string) { return width }
  var total = 0
  for character in string { total += displayWidth(character) }
  return total
}

/// The width of a string whose scalars are each a grapheme of their own, counted scalar by
/// scalar without finding grapheme boundaries (the costly part of counting); nil when a
/// scalar might join its neighbours (a combining mark, a variation selector, a joiner, a
/// regional indicator, Hangul jamo…), and then the string is counted grapheme by grapheme.
///
/// Only ASCII and scalars from blocks where no scalar joins a neighbour qualify: Latin-1 and
/// the Latin extensions (no soft hyphen), general punctuation (no invisible formatting), and
/// arrows, box drawing, blocks, shapes, symbols and dingbats, which is what screens show
/// (`⚠`, `✓`, `•`, `…`, `─`). A string of them has one grapheme per scalar: none extends,
/// joins or prepends, and ASCII never attaches to them.
private func widthOfSeparateScalars(_ string: some StringProtocol) -> Int? {
  var total = 0
  for scalar in string.unicodeScalars {
    guard let width = separateScalarWidth(scalar) else { return nil }
    total += width
  }
  return total
}

/// The columns of a scalar that is a grapheme of its own whatever its neighbours (see
/// `widthOfSeparateScalars`): 0 for an ASCII control character; nil for a scalar that might
/// join a neighbour.
func separateScalarWidth(_ scalar: Unicode.Scalar) -> Int? {
  let value = scalar.value
  if value < 0x80 { return value >= 0x20 && value != 0x7F ? 1 : 0 }
  switch value {
  case 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x27BF:
    return scalar.properties.isEmojiPresentation || isEastAsianWide(value) ? 2 : 1
  default:
    return nil
  }
}

/// Shortens a string to fit `width` columns, ending with `…` when anything was cut.
///
/// For example, `truncate("Hello, world", toWidth: 6)` is `"Hello…"`. Wide characters are never
/// split: a 2-column character that would straddle the limit is left out.
public func truncate(_ string: String, toWidth width: Int) -> String {
  guard width > 0 else { return "" }
  guard displayWidth(string) > width else { return string }
  var result = ""
  var used = 0
  for character in string {
    let columns = displayWidth(character)
    if used + columns > width - 1 { break }
    result.append(character)
    used += columns
  }
  return result + "…"
}

private func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .nonspacingMark, .enclosingMark, .format: return true
  default: break
  }
  switch scalar.value {
  case 0x200B, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1160...0x11FF: return true
  default: return false
  }
}

private func isEastAsianWide(_ value: UInt32) -> Bool {
  switch value {
  case 0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A,
    0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // Vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // Fullwidth forms
    0xFFE0...0xFFE6,
    0x16FE0...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplements
    0x1F200...0x1F2FF,  // Enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F
    0x30000...0x3FFFD:  // CJK extension G and later
    return true
  default:
    return false
  }
}
