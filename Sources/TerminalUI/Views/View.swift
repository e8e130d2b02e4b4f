/// A piece of a terminal screen, described by its `body` like a SwiftUI view.
///
/// For example:
///
/// ```swift
/// struct CounterView: View {
///   let store: StoreOf<Counter>
///   var body: some View {
///     VStack {
///       Text("Count: \(store.count)").bold()
///       Spacer()
///     }
///   }
/// }
/// ```
///
/// The library's own views (`Text`, `VStack`, `Box`...) draw themselves and have no body.
@MainActor
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View
  /// The content of this view.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  /// `Never` has no body; it only marks views that draw themselves.
  public typealias Body = Never
}

extension View where Body == Never {
  /// Views that draw themselves have no body; it is never asked for.
  public var body: Never {
    preconditionFailure("\(Self.self) draws itself and has no body")
  }
}

/// A view that draws itself: the library's building blocks.
@MainActor
protocol PrimitiveView {
  /// The size the view wants within `proposal`; never larger than `proposal`.
  func measure(_ proposal: Size) -> Size
  /// Draws the view into `rect`, clipped to it.
  func render(in rect: Rect, into buffer: inout Buffer)
  /// Whether the view grows to fill free space along a stack's axis.
  var isFlexible: Bool { get }
  /// The views a group contributes to its parent stack, if it is a group.
  var groupChildren: [any View]? { get }
  /// The view a modifier wraps (so a screen's title is found through its modifiers).
  var modifiedContent: (any View)? { get }
}

extension PrimitiveView {
  var isFlexible: Bool { false }
  var groupChildren: [any View]? { nil }
  var modifiedContent: (any View)? { nil }
}

/// Follows `body` down to the view that draws itself.
@MainActor
func primitive(_ view: any View) -> any PrimitiveView {
  if let primitive = view as? any PrimitiveView { return primitive }
  return primitive(view.body)
}

/// The drawable children of a list of views, with groups and `ForEach` flattened in.
@MainActor
func flattened(_ views: [any View]) -> [any PrimitiveView] {
  var result: [any PrimitiveView] = []
  for view in views {
    let node = primitive(view)
    if let children = node.groupChildren {
      result += flattened(children)
    } else {
      result.append(node)
    }
  }
  return result
}

/// Draws a view into a new buffer of the given size.
///
/// For example, `render(Text("Hi"), size: Size(width: 4, height: 1)).lines` is `["Hi  "]`.
@MainActor
public func render(_ view: some View, size: Size) -> Buffer {
  var buffer = Buffer(size: size)
  render(view, in: buffer.bounds, into: &buffer)
  return buffer
}

/// Draws a view into a region of an existing buffer.
@MainActor
public func render(_ view: some View, in rect: Rect, into buffer: inout Buffer) {
  let area = rect.intersection(buffer.bounds)
  guard !area.isEmpty else { return }
  primitive(view).render(in: area, into: &buffer)
}
