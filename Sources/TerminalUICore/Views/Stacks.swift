/// Arranges views top to bottom; `Spacer`s share the height left over.
///
/// For example:
///
/// ```swift
/// VStack {
///   Text("Header")
///   Spacer()
///   Text("Footer")
/// }
/// ```
///
/// Views that do not fit in the height are cut off at the bottom.
public struct VStack: Widget {
  let spacing: Int
  /// The children, with groups flattened in and bodies followed, resolved once when the stack
  /// is made: measuring and drawing reuse them, so each body is evaluated once a frame.
  let children: [any Widget]

  /// Stacks the views with `spacing` blank rows between them.
  public init(spacing: Int = 0, @ViewBuilder content: () -> Group) {
    self.init(spacing: spacing, resolved: content().resolved)
  }

  init(spacing: Int, children: [any View]) {
    self.init(spacing: spacing, resolved: flattened(children))
  }

  init(spacing: Int, resolved: [any Widget]) {
    self.spacing = max(0, spacing)
    self.children = resolved
  }

  /// Whether a child grows to fill free height.
  public var isFlexible: Bool { children.contains { $0.isFlexible } }

  /// The children's heights added up (with spacing), and the widest child's width.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    stackMeasure(children, proposal: proposal, spacing: spacing, axis: .vertical, context: context)
  }

  /// Draws the children top to bottom, flexible ones sharing the free height.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    stackRender(
      children, in: rect, spacing: spacing, axis: .vertical, into: &buffer, context: context)
  }
}

/// Arranges views left to right; `Spacer`s share the width left over.
///
/// For example, `HStack { Text("Name"); Spacer(); Text("42") }` puts 42 at the right edge.
/// Views that do not fit in the width are cut off at the right.
public struct HStack: Widget {
  let spacing: Int
  /// The children, resolved once when the stack is made (see ``VStack``).
  let children: [any Widget]

  /// Stacks the views with `spacing` blank columns between them.
  public init(spacing: Int = 1, @ViewBuilder content: () -> Group) {
    self.spacing = max(0, spacing)
    self.children = content().resolved
  }

  /// Whether a child grows to fill free height.
  public var isFlexible: Bool { children.contains { $0.isFlexible } }

  /// The children's widths added up (with spacing), and the tallest child's height.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    stackMeasure(
      children, proposal: proposal, spacing: spacing, axis: .horizontal, context: context)
  }

  /// Draws the children left to right, spacers sharing the free width.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    stackRender(
      children, in: rect, spacing: spacing, axis: .horizontal, into: &buffer, context: context)
  }
}

/// Empty space that grows along its stack's axis.
public struct Spacer: Widget {
  /// Creates a spacer.
  public init() {}

  /// A spacer grows.
  public var isFlexible: Bool { true }
  /// A spacer wants no room of its own.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: 0, height: 0)
  }
  /// A spacer draws nothing.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {}
}

/// A horizontal line across the available width.
public struct Divider: Widget {
  /// Creates a divider.
  public init() {}

  /// One row, as wide as proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  /// Draws the line.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let line = String(repeating: "─", count: rect.width)
    buffer.write(line, at: Position(x: rect.x, y: rect.y), clip: rect)
  }
}

enum Axis { case horizontal, vertical }

extension Size {
  fileprivate func along(_ axis: Axis) -> Int { axis == .vertical ? height : width }
  fileprivate func across(_ axis: Axis) -> Int { axis == .vertical ? width : height }
  fileprivate init(along: Int, across: Int, axis: Axis) {
    self =
      axis == .vertical
      ? Size(width: across, height: along) : Size(width: along, height: across)
  }
}

/// Whether a child takes a share of the free room along the axis: spacers along both, and
/// views that fill their height (lists, stacks of screens) along the vertical one.
@MainActor
private func growsAlong(_ child: any Widget, _ axis: Axis) -> Bool {
  // Types compared, not cast: both are structs, so this is what `is` would say, cheaper.
  let type = Swift.type(of: child)
  if type == Spacer.self { return true }
  if type == IdentityScope.self, let scoped = child as? IdentityScope {
    return growsAlong(scoped.content, axis)
  }
  return axis == .vertical && child.isFlexible && type != HStack.self
}

/// The lengths of the children along the axis, spacers sharing what is left.
@MainActor
private func stackLengths(
  _ children: [any Widget], proposal: Size, spacing: Int, axis: Axis, context: RenderContext
) -> (lengths: [Int], across: Int) {
  var remaining = proposal.along(axis)
  var slots = StackSlots()
  var lengths = Array(repeating: 0, count: children.count)
  var across = 0
  var flexible: [Int] = []
  for (index, child) in children.enumerated() {
    let slot = slots.next(child)
    if index > 0 { remaining = max(0, remaining - spacing) }
    if growsAlong(child, axis) {
      flexible.append(index)
      continue
    }
    let size = placed(child, at: slot, context: context) {
      child.measure(
        Size(along: remaining, across: proposal.across(axis), axis: axis), context: context)
    }
    lengths[index] = min(size.along(axis), remaining)
    across = max(across, size.across(axis))
    remaining -= lengths[index]
  }
  for (order, index) in flexible.enumerated() {
    let share = remaining / flexible.count + (order < remaining % flexible.count ? 1 : 0)
    lengths[index] = share
  }
  return (lengths, min(across, proposal.across(axis)))
}

@MainActor
private func stackMeasure(
  _ children: [any Widget], proposal: Size, spacing: Int, axis: Axis, context: RenderContext
) -> Size {
  let (lengths, across) = stackLengths(
    children, proposal: proposal, spacing: spacing, axis: axis, context: context)
  let gaps = max(0, children.count - 1) * spacing
  let hasSpacer = children.contains { growsAlong($0, axis) }
  let along = hasSpacer ? proposal.along(axis) : lengths.reduce(gaps, +)
  return Size(along: min(along, proposal.along(axis)), across: across, axis: axis)
}

@MainActor
private func stackRender(
  _ children: [any Widget], in rect: Rect, spacing: Int, axis: Axis,
  into buffer: inout Buffer, context: RenderContext
) {
  let (lengths, _) = stackLengths(
    children, proposal: Size(width: rect.width, height: rect.height), spacing: spacing,
    axis: axis, context: context)
  var slots = StackSlots()
  var offset = 0
  for (index, child) in children.enumerated() {
    let slot = slots.next(child)
    if index > 0 { offset += spacing }
    let slice =
      axis == .vertical
      ? Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: lengths[index])
      : Rect(x: rect.x + offset, y: rect.y, width: lengths[index], height: rect.height)
    let area = slice.intersection(rect)
    // A child the stack had no room left for (not one that wants none) keeps what it keeps,
    // for when there is room again.
    let length = axis == .vertical ? rect.height : rect.width
    let isCrowdedOut = area.isEmpty && (offset >= length || rect.isEmpty)
    placed(child, at: slot, context: context) {
      if !area.isEmpty {
        child.render(in: area, into: &buffer, context: context)
      } else if !isCrowdedOut {
        return
      } else if let scope = child as? IdentityScope {
        context.session?.keepMemory(under: scope.id)
      } else if slot != nil {
        // Under its place, entered above (text, spacers and dividers, with none, keep nothing).
        context.session?.keepMemory()
      }
    }
    offset += lengths[index]
  }
}

/// Numbers a stack's children, in order, among the views written directly in it: each gets its
/// place (`ScopeEntry.slot`), and the scoped ones (a branch of an `if`, an element of a `ForEach`), which are
/// keyed by their own scope, get none.
private struct StackSlots {
  private var count = 0

  mutating func next(_ child: any Widget) -> Int? {
    let type = Swift.type(of: child)
    guard type != IdentityScope.self else { return nil }
    defer { count += 1 }
    // Text, spacers and dividers keep nothing and register nothing: they are measured and drawn
    // without entering their place, which saves most children of a stack the cost.
    guard type != Text.self, type != Spacer.self, type != Divider.self else { return nil }
    return count
  }
}

/// Runs `body` (measuring or drawing `child`) under the child's slot, if it has one.
@MainActor
private func placed<Result>(
  _ child: any Widget, at slot: Int?, context: RenderContext, _ body: () -> Result
) -> Result {
  guard let slot, let session = context.session else { return body() }
  session.enterSlot(slot)
  defer { session.leaveScope() }
  return body()
}
