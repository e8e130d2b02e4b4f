import TerminalUICore

/// A check box bound to a Boolean: Space or Enter flips it when focused.
///
/// For example, `Toggle("Remember me", isOn: $model.remembersMe)` draws `[x] Remember me`.
public struct Toggle: Widget {
  let label: String
  let isOn: Binding<Bool>

  /// Creates a toggle.
  public init(_ label: String, isOn: Binding<Bool>) {
    self.label = label
    self.isOn = isOn
  }

  /// One row, as wide as `[x] label`.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(displayWidth(label) + 4, proposal.width), height: min(1, proposal.height))
  }

  /// Registers the toggle and draws it.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let binding = isOn
    let isFocused =
      context.addControl(
        id: "toggle", consumes: { $0 == .enter || $0 == .character(" ") },
        help: [KeyCommand("toggle", keys: [.character(" ")], shownAs: "space")], rect: rect
      ) { key in
        guard key == .enter || key == .character(" ") || key.isClick else { return false }
        binding.wrappedValue.toggle()
        return true
      }.isFocused
    let text = (isOn.wrappedValue ? "[x] " : "[ ] ") + label
    buffer.write(
      truncate(text, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
      style: isFocused ? context.theme.focus : .plain, clip: rect)
  }
}
