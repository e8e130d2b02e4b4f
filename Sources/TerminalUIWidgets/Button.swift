import TerminalUICore

/// A button: Enter activates it when focused, and its shortcut activates it from anywhere.
///
/// For example:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// Button("Save", shortcut: .ctrl("s")) { model.save() }
///   .disabled(!model.isValid)
/// ```
///
/// It draws as `[ Save ]`, in the theme's focus style when focused and its muted style when
/// disabled. A disabled button is skipped by Tab and ignores its shortcut, which the `?` overlay
/// and the command palette list as unavailable.
public struct Button: Widget {
  let label: String
  let shortcut: KeyEvent?
  let help: String?
  let action: @MainActor () -> Void
  var isDisabled = false

  /// Creates a button. The help bar lists the shortcut with `help`, or with the label when
  /// there is no `help` (give one when the label is only a symbol, like `+`).
  public init(
    _ label: String, shortcut: KeyEvent? = nil, help: String? = nil,
    action: @escaping @MainActor () -> Void
  ) {
    self.label = label
    self.shortcut = shortcut
    self.help = help
    self.action = action
  }

  /// A button that cannot be focused or activated when `isDisabled` is true.
  public func disabled(_ isDisabled: Bool) -> Button {
    var copy = self
    copy.isDisabled = isDisabled
    return copy
  }

  var title: String { "[ " + label + " ]" }

  /// One row, as wide as `[ label ]`.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(displayWidth(title), proposal.width), height: min(1, proposal.height))
  }

  /// Registers the button (unless disabled) and its shortcut, and draws it.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    var isFocused = false
    if !isDisabled {
      let action = action
      isFocused =
        context.addControl(id: "button", consumes: { $0 == .enter }, rect: rect) { key in
          guard key == .enter || key.isClick else { return false }
          action()
          return true
        }.isFocused
    }
    if let shortcut {
      // A disabled button's shortcut is listed as disabled, and does nothing.
      let command = KeyCommand(help ?? label.lowercased(), keys: [shortcut])
      context.addCommand(command.disabled(isDisabled)) { _ in action() }
    }
    let style =
      isFocused ? context.theme.focus : isDisabled ? context.theme.muted : Style.plain
    buffer.write(
      truncate(title, toWidth: rect.width), at: Position(x: rect.x, y: rect.y), style: style,
      clip: rect)
  }
}
