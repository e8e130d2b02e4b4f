/// What the widgets of one frame registered: focusable controls in screen order, and
/// shortcuts. The runtime sets `current` while it renders.
@MainActor
final class FocusSession {
  static var current: FocusSession?

  /// A focusable control: it handles keys while focused and says whether it used them.
  struct Control {
    let handle: @MainActor (KeyEvent) -> Bool
  }

  var controls: [Control] = []
  var shortcuts: [KeyEvent: @MainActor () -> Void] = [:]
  /// The index of the focused control when the frame was drawn.
  let focusedIndex: Int
  /// Text cursors of fields, by control index, kept between frames.
  var textCursors: [Int: Int]

  init(focusedIndex: Int, textCursors: [Int: Int]) {
    self.focusedIndex = focusedIndex
    self.textCursors = textCursors
  }

  /// Registers a control; returns its index and whether it is the focused one.
  func register(_ handle: @escaping @MainActor (KeyEvent) -> Bool) -> (index: Int, isFocused: Bool)
  {
    controls.append(Control(handle: handle))
    let index = controls.count - 1
    return (index, index == focusedIndex)
  }
}
