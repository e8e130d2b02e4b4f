import TerminalUICore

/// Multi-line text bound to a `String`: soft wrapped to its width, scrolled to keep the cursor
/// in view.
///
/// For example, with `@Bindable var model` whose `notes` is a `String`:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// TextEditor("Notes", text: $model.notes, lineLimit: 10)
/// ```
///
/// Focused, it takes what a ``TextField`` takes and Enter (a new line), ↑/↓ (a visual line) and
/// Alt-B/Alt-F (a word); Tab still moves focus. See ``TextEditorEditing`` for every key. It is as
/// tall as its text (at least `minHeight` rows, at most what it is offered); a click puts the
/// cursor under the pointer. The placeholder shows, muted, while the text is empty.
public struct TextEditor: Widget {
  let placeholder: String
  let text: Binding<String>
  let lineLimit: Int?
  let maxLength: Int?
  let minHeight: Int

  /// Creates an editor of `text`.
  public init(
    _ placeholder: String, text: Binding<String>, lineLimit: Int? = nil, maxLength: Int? = nil,
    minHeight: Int = 3
  ) {
    self.placeholder = placeholder
    self.text = text
    self.lineLimit = lineLimit
    self.maxLength = maxLength
    self.minHeight = max(1, minHeight)
  }

  private func editing(width: Int, cursor: Int? = nil) -> TextEditorEditing {
    TextEditorEditing(
      text: text.wrappedValue, cursor: cursor, width: width, lineLimit: lineLimit,
      maxLength: maxLength)
  }

  /// As tall as the wrapped text, at least `minHeight` rows; as wide as offered.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let lines = editing(width: proposal.width).visualLines.count
    return Size(width: proposal.width, height: min(proposal.height, max(minHeight, lines)))
  }

  /// Registers the editor and draws the lines in view.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let memory = context.remembered(EditorKey()) { EditorMemory() }
    let (binding, lineLimit, maxLength) = (text, lineLimit, maxLength)
    let registration = context.addControl(
      id: "editor", takesText: true, consumes: TextEditorEditing.isEditingKey, rect: rect
    ) { key in
      var editing = TextEditorEditing(
        text: binding.wrappedValue, cursor: memory.cursor, width: rect.width,
        lineLimit: lineLimit, maxLength: maxLength)
      // A run of ↑/↓ keeps aiming for the column it started from.
      if let (cursor, goal) = memory.goal, cursor == editing.cursor {
        editing.goalColumn = goal
      }
      defer { memory.goal = editing.goalColumn.map { (editing.cursor, $0) } }
      if case .mouse(let event) = key {
        guard event.isClick else { return false }
        let lines = editing.visualLines
        let line = min(lines.count - 1, memory.offset + event.position.y - rect.y)
        editing.moveCursor(to: editing.offset(atColumn: event.position.x - rect.x, in: lines[line]))
      } else {
        guard editing.handle(key) else { return false }
      }
      if editing.text != binding.wrappedValue { binding.wrappedValue = editing.text }
      memory.cursor = editing.cursor
      return true
    }
    let isFocused = registration.isFocused
    let editing = editing(width: rect.width, cursor: memory.cursor)
    let style = isFocused ? context.theme.input : .plain
    guard !editing.text.isEmpty else {
      buffer.write(
        truncate(placeholder, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
        style: style.merged(with: context.theme.muted), clip: rect)
      if isFocused { buffer.cursor = Position(x: rect.x, y: rect.y) }
      return
    }
    let lines = editing.visualLines
    let (line, column) = editing.cursorPosition
    // Scrolled only as far as keeps the cursor's line in view.
    var offset = min(memory.offset, line)
    if line >= offset + rect.height { offset = line - rect.height + 1 }
    offset = max(0, min(offset, lines.count - 1))
    memory.offset = offset
    let characters = Array(editing.text)
    for row in 0..<min(rect.height, lines.count - offset) {
      let shown = lines[offset + row]
      buffer.write(
        String(characters[shown.start..<shown.end]), at: Position(x: rect.x, y: rect.y + row),
        style: style, clip: rect)
    }
    if isFocused {
      buffer.cursor = Position(
        x: rect.x + min(column, rect.width - 1), y: rect.y + line - offset)
    }
  }
}

/// What an editor keeps between frames: its cursor (nil: at the end), the first line it shows,
/// and the column a run of ↑/↓ aims for (with the cursor it left, to tell the run goes on).
private final class EditorMemory {
  var cursor: Int?
  var offset = 0
  var goal: (cursor: Int, column: Int)?
}

/// Where an editor keeps its ``EditorMemory``.
private struct EditorKey: Hashable {}
