/// Styled text that wraps at word boundaries and ends with `…` when cut off.
///
/// For example:
///
/// <!-- context: tui-text -->
/// ```swift
/// Text("Saved").style(.success)
/// Text("Total").bold().foregroundColor(.cyan)
/// Text(longDescription).lineLimit(1)  // one line, truncated with …
/// ```
///
/// A role (`.style(.danger)`) draws the text in the theme's style for it; attributes and
/// colours set on the text itself go over that style.
public struct Text: Widget {
  let content: String
  var style = Style.plain
  var role: Theme.Role?
  var lineLimit: Int?

  /// Creates text.
  public init(_ content: String) {
    self.content = content
  }

  /// Bold text.
  public func bold(_ isOn: Bool = true) -> Text { with { $0.style.bold = isOn } }
  /// Dim text.
  public func dim(_ isOn: Bool = true) -> Text { with { $0.style.dim = isOn } }
  /// Underlined text.
  public func underline(_ isOn: Bool = true) -> Text { with { $0.style.underline = isOn } }
  /// Text drawn in reverse video, as focused items are.
  public func reverse(_ isOn: Bool = true) -> Text { with { $0.style.reverse = isOn } }
  /// Text in a colour.
  public func foregroundColor(_ color: Color) -> Text { with { $0.style.foreground = color } }
  /// Text on a coloured background.
  public func backgroundColor(_ color: Color) -> Text { with { $0.style.background = color } }
  /// Text with a whole style.
  public func style(_ style: Style) -> Text { with { $0.style = style } }
  /// Text in one of the theme's named styles, for example `Text("Saved").style(.success)`.
  public func style(_ role: Theme.Role) -> Text { with { $0.role = role } }
  /// At most `limit` lines; the last shown line ends with `…` if text was cut.
  public func lineLimit(_ limit: Int?) -> Text { with { $0.lineLimit = limit.map { max(1, $0) } } }

  private func with(_ change: (inout Text) -> Void) -> Text {
    var copy = self
    change(&copy)
    return copy
  }

  /// The wrapped lines' size.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let lines = visibleLines(width: proposal.width, height: proposal.height)
    let width = lines.map { displayWidth($0) }.max() ?? 0
    return Size(width: min(width, proposal.width), height: lines.count)
  }

  /// Draws the wrapped lines.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let drawn = role.map { context.theme[$0].merged(with: style) } ?? style
    for (row, line) in visibleLines(width: rect.width, height: rect.height).enumerated() {
      buffer.write(line, at: Position(x: rect.x, y: rect.y + row), style: drawn, clip: rect)
    }
  }

  /// The lines shown in a `width`×`height` area, the last one truncated if text was cut.
  func visibleLines(width: Int, height: Int) -> [String] {
    guard width > 0, height > 0 else { return [] }
    let limit = min(height, lineLimit ?? Int.max)
    // One line that fits (most labels): what the paths below give, without splitting. One
    // line is the text as it is; wrapping drops the spaces a line starts with.
    if let first = content.utf8.first, !content.utf8.contains(UInt8(ascii: "\n")),
      displayWidth(content) <= width
    {
      guard first == UInt8(ascii: " "), limit > 1 else { return [content] }
      return [String(content.drop { $0 == " " })]
    }
    let lines =
      limit == 1 ? content.split(separator: "\n").map(String.init) : wrap(content, width: width)
    guard lines.count > limit || (limit == 1 && displayWidth(lines.first ?? "") > width) else {
      return lines
    }
    var shown = Array(lines.prefix(limit))
    shown[limit - 1] = ellipsized(shown[limit - 1], width: width)
    return shown
  }
}

/// The line shortened as needed so that it ends with `…` within `width` columns: the longest
/// start of it that leaves a column for the ellipsis (one pass, however long the line).
func ellipsized(_ line: String, width: Int) -> String {
  guard width > 0 else { return "" }
  var used = 0
  var end = line.startIndex
  for index in line.indices {
    let columns = displayWidth(line[index])
    if used + columns + 1 > width { break }
    used += columns
    end = line.index(after: index)
  }
  var kept = line[..<end]
  while kept.last == " " { kept.removeLast() }
  return kept + "…"
}

/// Splits text into lines of at most `width` columns, breaking at spaces where possible and
/// inside words longer than a line.
func wrap(_ text: String, width: Int) -> [String] {
  guard width > 0 else { return [] }
  var lines: [String] = []
  for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
    var line = ""
    var lineWidth = 0
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
      let wordWidth = displayWidth(word)
      let gap = line.isEmpty ? 0 : 1
      if lineWidth + gap + wordWidth <= width {
        if gap == 1 { line += " " }
        line += word
        lineWidth += gap + wordWidth
        continue
      }
      if !line.isEmpty {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      for character in word {
        let columns = displayWidth(character)
        if lineWidth + columns > width, !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += columns
      }
    }
    lines.append(line)
  }
  return lines
}
