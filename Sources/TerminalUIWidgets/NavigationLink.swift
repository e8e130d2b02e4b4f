import TerminalUICore

/// A button that pushes a value onto the innermost enclosing ``NavigationStack`` that takes
/// values of its type, like a link that carries state.
///
/// For example, in a screen shown by a stack over `[Int]`:
///
/// ```swift
/// NavigationLink("Show 42", value: 42, shortcut: .character("n"))
/// ```
///
/// Outside a stack that takes its value, the link is drawn disabled.
public struct NavigationLink<Element>: Widget {
  let label: String
  let state: Element
  let shortcut: KeyEvent?

  /// Creates a link that pushes `state` (the spelling used for a store's stack, whose elements
  /// are feature states).
  ///
  /// For example, `NavigationLink("Push a counter", state: Path.State.counter(.init()))`.
  public init(_ label: String, state: Element, shortcut: KeyEvent? = nil) {
    self.label = label
    self.state = state
    self.shortcut = shortcut
  }

  /// Creates a link that pushes `value`.
  ///
  /// For example, `NavigationLink("Details", value: product, shortcut: .enter)`.
  public init(_ label: String, value: Element, shortcut: KeyEvent? = nil) {
    self.init(label, state: value, shortcut: shortcut)
  }

  /// The button the link is in this frame: pushing onto the innermost stack that takes its
  /// value, or disabled when none does.
  private func button(in context: RenderContext) -> Button {
    guard let push = context.navigationPush(state) else {
      return Button(label, shortcut: shortcut) {}.disabled(true)
    }
    return Button(label, shortcut: shortcut) { push() }
  }

  /// Measures as its button.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    button(in: context).measure(proposal, context: context)
  }

  /// Draws (and registers) its button.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    button(in: context).render(in: rect, into: &buffer, context: context)
  }
}
