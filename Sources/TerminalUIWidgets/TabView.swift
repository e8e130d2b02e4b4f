import TerminalUICore

/// Tabs: a bar of titles on the first line and the selected tab's content below it.
///
/// For example:
///
/// <!-- context: tui-tabs-model -->
/// ```swift
/// TabView(selection: $model.tab) {
///   Tab("Counter", value: .counter) { CounterTabView(model: model.counter) }
///   Tab("Profile", value: .profile) { ProfileTabView(model: model.profile) }
/// }
/// ```
///
/// ←/→ select the previous or next tab and 1–9 a tab by its number, as shortcuts of the active
/// screen (a focused text field gets ← and → first). Only the selected tab's content is built
/// and drawn, so changes read only by hidden tabs draw nothing. A narrow bar is truncated with
/// an ellipsis.
public struct TabView<Value: Hashable>: Widget {
  let selection: Binding<Value>
  let tabs: [Tab<Value>]
  /// Which tab view this is, for the content it builds in a frame.
  let token = BuildToken()

  /// Creates tabs selected by `selection`.
  public init(selection: Binding<Value>, @TabBuilder<Value> tabs: () -> [Tab<Value>]) {
    self.selection = selection
    self.tabs = tabs()
  }

  /// Tabs fill the height they are offered.
  public var isFlexible: Bool { true }

  /// All the room proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  /// Registers the tab keys and draws the bar and the selected tab.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty, !tabs.isEmpty else { return }
    let values = tabs.map(\.value)
    let selection = selection
    let current = values.firstIndex(of: selection.wrappedValue) ?? 0
    context.addCommand(KeyCommand("tabs", keys: [.left, .right], shownAs: "←/→")) { key in
      let next = key == .left ? max(0, current - 1) : min(values.count - 1, current + 1)
      selection.wrappedValue = values[next]
    }
    let digits = values.prefix(9).indices.map { KeyEvent.character(Character("\($0 + 1)")) }
    context.addCommand(KeyCommand("tab", keys: digits, isListed: false)) { key in
      guard let index = digits.firstIndex(of: key) else { return }
      selection.wrappedValue = values[index]
    }
    var bar = ""
    var selectedRange = 0..<0
    let barRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    for (index, tab) in tabs.enumerated() {
      if index > 0 { bar += " │ " }
      let label = " \(index + 1) \(tab.title) "
      let start = displayWidth(bar)
      let range = start..<(start + displayWidth(label))
      if index == current { selectedRange = range }
      // A click on a title selects its tab.
      let value = tab.value
      context.addMouseRegion(
        Rect(x: rect.x + range.lowerBound, y: rect.y, width: range.count, height: 1)
          .intersection(barRect)
      ) { event in
        guard event.isClick else { return false }
        if selection.wrappedValue != value { selection.wrappedValue = value }
        return true
      }
      bar += label
    }
    buffer.write(
      truncate(bar, toWidth: rect.width), at: Position(x: rect.x, y: rect.y), clip: barRect)
    let highlight = Rect(
      x: rect.x + selectedRange.lowerBound, y: rect.y,
      width: max(0, min(selectedRange.count, rect.width - selectedRange.lowerBound)), height: 1
    ).intersection(barRect)
    if !highlight.isEmpty {
      let style = context.theme.selection.merged(with: Style(bold: true))
      buffer.restyle(highlight) { $0 = $0.merged(with: style) }
    }
    let content = rect.inset(top: min(2, rect.height))
    if !content.isEmpty {
      buffer.write(
        String(repeating: "─", count: rect.width), at: Position(x: rect.x, y: rect.y + 1),
        style: context.theme.muted, clip: rect)
      let tab = context.build(
        TabContentKey(tabView: token, index: current), in: content
      ) {
        tabs[current].content()
      }
      // Each tab keeps what its views keep under its own key, shown or not.
      for (index, other) in tabs.enumerated() where index != current {
        context.keepRemembered(under: TabScope(value: AnyHashable(other.value)))
      }
      context.scoped(TabScope(value: AnyHashable(tabs[current].value))) {
        context.render(tab, in: content, into: &buffer)
      }
    }
  }
}

/// One tab of a ``TabView``: a title, the value that selects it, and its content, built only
/// while it is selected.
public struct Tab<Value: Hashable> {
  let title: String
  let value: Value
  let content: @MainActor () -> Group

  /// Creates a tab.
  public init(
    _ title: String, value: Value, @ViewBuilder content: @escaping @MainActor () -> Group
  ) {
    self.title = title
    self.value = value
    self.content = content
  }
}

/// Builds the tabs of a ``TabView``.
@resultBuilder
public enum TabBuilder<Value: Hashable> {
  /// One tab.
  public static func buildExpression(_ tab: Tab<Value>) -> [Tab<Value>] { [tab] }
  /// The tabs of a block.
  public static func buildBlock(_ parts: [Tab<Value>]...) -> [Tab<Value>] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [Tab<Value>]?) -> [Tab<Value>] { part ?? [] }
  /// The `if` branch.
  public static func buildEither(first part: [Tab<Value>]) -> [Tab<Value>] { part }
  /// The `else` branch.
  public static func buildEither(second part: [Tab<Value>]) -> [Tab<Value>] { part }
}

/// What a tab's content is built under for the frame.
/// The scope of a tab's content, by the tab's value: what its views keep is their own in each
/// tab.
private struct TabScope: Hashable, CustomStringConvertible {
  let value: AnyHashable
  var description: String { "tab:\(value.base)" }
}

private struct TabContentKey: Hashable {
  let tabView: BuildToken
  let index: Int
}
