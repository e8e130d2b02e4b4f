import TerminalUI

/// The `-` and `+` buttons of a counter as one widget, written against TerminalUI's public
/// ``Widget`` protocol: two focusable controls in Tab order (Enter presses the focused one), the
/// `-` and `+` keys from anywhere on the screen, listed in the help bar as "decrement" and
/// "increment". It draws `[ - ] [ + ]`, the focused button in the theme's focus
/// style.
///
/// For example:
///
/// <!-- context: core-count-view -->
/// ```swift
/// CountButtons {
///   store.send(.decrementButtonTapped)
/// } increment: {
///   store.send(.incrementButtonTapped)
/// }
/// ```
///
/// It lays out as two buttons side by side one column apart would: on a narrow screen the
/// second button is cut off first, and a button with no room at all neither draws nor takes
/// focus or keys.
public struct CountButtons: Widget {
  let decrement: @MainActor () -> Void
  let increment: @MainActor () -> Void

  /// Creates the buttons; the closures run when a button is pressed.
  ///
  /// For example, `CountButtons(decrement: { count -= 1 }, increment: { count += 1 })`.
  public init(
    decrement: @escaping @MainActor () -> Void,
    increment: @escaping @MainActor () -> Void
  ) {
    self.decrement = decrement
    self.increment = increment
  }

  /// One button of the pair.
  private struct Part {
    let title: String
    let key: KeyEvent
    let help: String
    let action: @MainActor () -> Void
  }

  private var parts: [Part] {
    [
      Part(title: "[ - ]", key: .character("-"), help: "decrement", action: decrement),
      Part(title: "[ + ]", key: .character("+"), help: "increment", action: increment),
    ]
  }

  /// The columns each button gets within `width`: its title's width while there is room, the
  /// second one a column after the first.
  private func widths(within width: Int) -> [Int] {
    var remaining = width
    var widths: [Int] = []
    for (index, part) in parts.enumerated() {
      if index > 0 { remaining = max(0, remaining - 1) }
      let shown = min(displayWidth(part.title), remaining)
      widths.append(shown)
      remaining -= shown
    }
    return widths
  }

  /// One row, as wide as both buttons and the column between them (cut to `proposal`).
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    let widths = widths(within: proposal.width)
    let total = widths.reduce(widths.count - 1, +)
    return Size(width: min(total, proposal.width), height: min(1, proposal.height))
  }

  /// Registers each button that has room (control, then key and help) and draws it.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    var x = rect.x
    for (part, width) in zip(parts, widths(within: rect.width)) {
      let area = Rect(x: x, y: rect.y, width: width, height: rect.height).intersection(rect)
      x += width + 1
      guard !area.isEmpty else { continue }
      let action = part.action
      let control = context.addControl(id: part.title, consumes: { $0 == .enter }, rect: area) {
        key in
        guard key == .enter || key.isClick else { return false }
        action()
        return true
      }
      context.addShortcut(part.key, help: part.help, action: action)
      buffer.write(
        truncate(part.title, toWidth: area.width), at: Position(x: area.x, y: area.y),
        style: control.isFocused ? context.theme.focus : .plain, clip: area)
    }
  }
}
