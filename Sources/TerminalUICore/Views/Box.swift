/// A border around content, with an optional title in the top edge.
///
/// For example:
///
/// ```swift
/// Box(title: "Profile") {
///   Text("Name: Blob")
/// }
/// ```
///
/// A title too long for the box is truncated with `…`; a box smaller than 2×2 shows only the
/// part of the border that fits. The frame is drawn in the theme's ``Theme/border`` style and the
/// title in its ``Theme/title`` style, unless the box is given a style or a role of its own.
public struct Box: Widget {
  let title: String?
  let content: Group
  var style: Style?
  var role: Theme.Role?

  /// Puts content in a border, with a title; `style` draws the frame and the title instead of
  /// the theme.
  public init(title: String? = nil, style: Style? = nil, @ViewBuilder content: () -> Group) {
    self.title = title
    self.style = style
    self.content = content()
  }

  /// Puts content in a border drawn, with its title, in one of the theme's named styles: an
  /// overlay's box is drawn in `.title`, say.
  ///
  /// For example, `Box(title: "Delete?", role: .danger) { Text("This cannot be undone.") }`.
  public init(title: String? = nil, role: Theme.Role, @ViewBuilder content: () -> Group) {
    self.title = title
    self.role = role
    self.content = content()
  }

  /// The content's size plus the border, at least wide enough for the title.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let inner = content.measure(
      Size(width: max(0, proposal.width - 2), height: max(0, proposal.height - 2)),
      context: context)
    let titleWidth = title.map { displayWidth($0) + 4 } ?? 0
    return Size(
      width: min(proposal.width, max(inner.width + 2, titleWidth)),
      height: min(proposal.height, inner.height + 2))
  }

  /// Draws the border, the title and the content inside.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let style = self.style ?? context.theme[role ?? .border]
    let titleStyle = self.style ?? context.theme[role ?? .title]
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    let horizontal = String(repeating: "─", count: max(0, rect.width - 2))
    buffer.write(
      "┌" + horizontal + "┐", at: Position(x: rect.x, y: rect.y), style: style, clip: rect)
    if rect.height > 1 {
      buffer.write(
        "└" + horizontal + "┘", at: Position(x: rect.x, y: bottom), style: style, clip: rect)
    }
    if rect.height > 2 {
      for y in (rect.y + 1)..<bottom {
        buffer.write("│", at: Position(x: rect.x, y: y), style: style, clip: rect)
        if rect.width > 1 {
          buffer.write("│", at: Position(x: right, y: y), style: style, clip: rect)
        }
      }
    }
    if let title, rect.width > 4 {
      let shown = truncate(title, toWidth: rect.width - 4)
      buffer.write(
        " " + shown + " ", at: Position(x: rect.x + 1, y: rect.y), style: titleStyle,
        clip: rect)
    }
    let inner = rect.inset(top: 1, left: 1, bottom: 1, right: 1)
    if !inner.isEmpty {
      content.render(in: inner, into: &buffer, context: context)
    } else {
      context.session?.keepMemory()
    }
  }
}

/// Content with blank space around it.
struct Padding: ContainerWidget {
  /// The content, resolved once when the padding is made.
  let content: any Widget
  let top: Int
  let left: Int
  let bottom: Int
  let right: Int

  init(content: any View, top: Int, left: Int, bottom: Int, right: Int) {
    self.content = primitive(content)
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    let inner = content.measure(
      Size(
        width: max(0, proposal.width - left - right),
        height: max(0, proposal.height - top - bottom)), context: context)
    return Size(
      width: min(proposal.width, inner.width + left + right),
      height: min(proposal.height, inner.height + top + bottom))
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let inner = rect.inset(top: top, left: left, bottom: bottom, right: right)
    if !inner.isEmpty {
      content.render(in: inner, into: &buffer, context: context)
    } else {
      context.session?.keepMemory()
    }
  }
}

extension View {
  /// Adds `amount` blank cells on every side.
  public func padding(_ amount: Int = 1) -> some View {
    Padding(content: self, top: amount, left: amount, bottom: amount, right: amount)
  }

  /// Adds blank columns left and right and blank rows above and below.
  public func padding(horizontal: Int = 0, vertical: Int = 0) -> some View {
    Padding(content: self, top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }
}
