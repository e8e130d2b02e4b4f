import TerminalUICore

/// A one-line editable field bound to a string, with emacs-style editing keys.
///
/// For example:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// TextField("Email", text: $model.email)
/// SecureField("Password", text: $model.password)
/// ```
///
/// An empty field shows its placeholder in the theme's muted style. The field scrolls to keep the
/// cursor visible; the editing keys are those of `TextEditing`. With ``onSubmit(_:)``, Enter in
/// the field submits it.
public struct TextField: Widget {
  let placeholder: String
  let text: Binding<String>
  let maxLength: Int?
  let isSecure: Bool
  var submit: (@MainActor () -> Void)?

  /// Creates a field that edits `text`.
  public init(_ placeholder: String, text: Binding<String>, maxLength: Int? = nil) {
    self.init(placeholder: placeholder, text: text, maxLength: maxLength, isSecure: false)
  }

  init(placeholder: String, text: Binding<String>, maxLength: Int?, isSecure: Bool) {
    self.placeholder = placeholder
    self.text = text
    self.maxLength = maxLength
    self.isSecure = isSecure
  }

  /// The field with `action` run when Enter is pressed in it (the help bar lists `enter
  /// submit` while it has focus).
  ///
  /// For example, `TextField("Filter", text: $store.filter).onSubmit { store.send(.apply) }`.
  public func onSubmit(_ action: @escaping @MainActor () -> Void) -> TextField {
    var field = self
    field.submit = action
    return field
  }

  /// One row, as wide as proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  /// Registers the field and draws its text (or placeholder) scrolled to show the cursor.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let binding = text
    let maxLength = maxLength
    let memory = context.remembered(TextCursorKey()) { TextCursor() }
    let isSecure = isSecure
    let submit = submit
    let registration = context.addControl(
      id: "field", takesText: true, isSecure: isSecure,
      consumes: { TextEditing.isEditingKey($0) || (submit != nil && $0 == .enter) },
      help: submit == nil ? [] : [KeyCommand("submit", keys: [.enter])],
      rect: rect
    ) { key in
      if key == .enter, let submit {
        submit()
        return true
      }
      let cursor = memory.offset ?? binding.wrappedValue.count
      if case .mouse(let event) = key {
        // A click puts the cursor on the character under the pointer, or after the last.
        guard event.isClick else { return false }
        let value = binding.wrappedValue
        let characters = Array(isSecure ? String(repeating: "•", count: value.count) : value)
        let start = Self.firstShown(characters, cursor: min(cursor, value.count), width: rect.width)
          .start
        var column = 0
        var index = start
        while index < characters.count {
          let width = displayWidth(String(characters[index]))
          if column + width > event.position.x - rect.x { break }
          column += width
          index += 1
        }
        memory.offset = index
        return true
      }
      let text = binding.wrappedValue
      var editing = TextEditing(text: text, cursor: cursor, maxLength: maxLength)
      guard editing.handle(key) else { return false }
      if editing.text != text { binding.wrappedValue = editing.text }
      memory.offset = editing.cursor
      return true
    }
    let isFocused = registration.isFocused
    let value = text.wrappedValue
    let shown = isSecure ? String(repeating: "•", count: value.count) : value
    // The cursor's place, walking no further than the cursor (the text may be a pasted
    // megabyte, and counting it costs a walk of all of it): the end when there is no cursor yet
    // or it is past the end.
    let cursorIndex =
      memory.offset.flatMap {
        shown.index(shown.startIndex, offsetBy: max(0, $0), limitedBy: shown.endIndex)
      } ?? shown.endIndex
    var style = isFocused ? context.theme.input : .plain
    guard !value.isEmpty else {
      style = style.merged(with: context.theme.muted)
      buffer.write(
        truncate(placeholder, toWidth: rect.width), at: origin(rect), style: style, clip: rect)
      if isFocused { buffer.cursor = origin(rect) }
      return
    }
    buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: Cell(style: style))
    let column: Int
    if cursorIndex == shown.endIndex, shown.utf8.count <= rect.width,
      case let width = displayWidth(shown), width < rect.width
    {
      // The whole text fits with the cursor after it (typing at the end of a short field):
      // what the walk below finds, without splitting the text into characters.
      buffer.write(shown, at: origin(rect), style: style, clip: rect)
      column = width
    } else {
      // Walked back from the cursor through the text itself: what is shown costs the columns
      // it fills, not the length of the text (a pasted megabyte is not copied every frame).
      let first = Self.firstShown(shown, before: cursorIndex, width: rect.width)
      buffer.write(
        String(shown[first.start...].prefix(rect.width + 1)), at: origin(rect), style: style,
        clip: rect)
      column = first.column
    }
    if isFocused {
      buffer.cursor = Position(x: rect.x + min(column, rect.width - 1), y: rect.y)
    }
  }

  private func origin(_ rect: Rect) -> Position { Position(x: rect.x, y: rect.y) }

  /// Like ``firstShown(_:cursor:width:)``, walking the text from the cursor's index.
  static func firstShown(
    _ text: String, before cursor: String.Index, width widthLimit: Int
  ) -> (start: String.Index, column: Int) {
    var start = cursor
    var column = 0
    while start > text.startIndex {
      let previous = text.index(before: start)
      let width = displayWidth(String(text[previous]))
      if column + width >= widthLimit { break }
      column += width
      start = previous
    }
    return (start, column)
  }

  /// The first character shown in `width` columns with the cursor before `characters[cursor]`,
  /// and the cursor's column: walking back from the cursor, as many characters as leave the
  /// cursor's own column free (linear in what is shown, however long the text).
  static func firstShown(
    _ characters: [Character], cursor: Int, width widthLimit: Int
  ) -> (start: Int, column: Int) {
    var start = cursor
    var column = 0
    while start > 0 {
      let width = displayWidth(String(characters[start - 1]))
      if column + width >= widthLimit { break }
      column += width
      start -= 1
    }
    return (start, column)
  }
}

/// Where a field's cursor is between frames: nil before any key moved it (at the end).
final class TextCursor {
  var offset: Int?
}

/// Where a field keeps its ``TextCursor``.
struct TextCursorKey: Hashable {}

/// A field for secrets: it shows one `•` per character and never the text itself.
///
/// Its description never contains the text either, so it cannot leak into logs or test
/// failures.
public struct SecureField: View, CustomStringConvertible, CustomDebugStringConvertible {
  let field: TextField

  /// Creates a secure field that edits `text`.
  public init(_ placeholder: String, text: Binding<String>, maxLength: Int? = nil) {
    field = TextField(placeholder: placeholder, text: text, maxLength: maxLength, isSecure: true)
  }

  private init(field: TextField) {
    self.field = field
  }

  /// The field with `action` run when Enter is pressed in it, as ``TextField/onSubmit(_:)``.
  public func onSubmit(_ action: @escaping @MainActor () -> Void) -> SecureField {
    SecureField(field: field.onSubmit(action))
  }

  /// The field, drawn with bullets.
  public var body: some View { field }

  /// A description that hides the text.
  public nonisolated var description: String { "SecureField(•••)" }
  /// A debug description that hides the text.
  public nonisolated var debugDescription: String { description }
}
