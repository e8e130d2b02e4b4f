/// Builds a list of views from a closure: statements, `if`/`else`, optionals and `for` loops.
///
/// For example:
///
/// ```swift
/// VStack {
///   Text("Title")
///   if showsDetail { Text(detail) }
///   for item in items { Text(item) }
/// }
/// ```
@resultBuilder
@MainActor
public enum ViewBuilder {
  /// Wraps one view.
  public static func buildExpression(_ view: some View) -> [any View] { [view] }
  /// Joins the statements of a block.
  public static func buildBlock(_ parts: [any View]...) -> [any View] { parts.flatMap { $0 } }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [any View]?) -> [any View] { part ?? [] }
  /// The `if` branch of an `if`/`else`.
  public static func buildEither(first part: [any View]) -> [any View] { part }
  /// The `else` branch of an `if`/`else`.
  public static func buildEither(second part: [any View]) -> [any View] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[any View]]) -> [any View] { parts.flatMap { $0 } }
  /// `if #available` blocks.
  public static func buildLimitedAvailability(_ part: [any View]) -> [any View] { part }
  /// The finished list, as one view.
  public static func buildFinalResult(_ parts: [any View]) -> Group { Group(views: parts) }
}

/// Several views side by side in their parent stack, as if written there directly.
public struct Group: View, PrimitiveView {
  let views: [any View]

  init(views: [any View]) { self.views = views }

  /// Groups the views a builder makes.
  public init(@ViewBuilder content: () -> Group) { self = content() }

  var groupChildren: [any View]? { views }

  func measure(_ proposal: Size) -> Size {
    VStack(spacing: 0, children: views).measure(proposal)
  }

  func render(in rect: Rect, into buffer: inout Buffer) {
    VStack(spacing: 0, children: views).render(in: rect, into: &buffer)
  }
}

/// One view per element of a collection.
///
/// For example, `ForEach(store.items) { item in Text(item.name) }`.
public struct ForEach: View, PrimitiveView {
  let views: [any View]

  /// Makes a view for each element.
  public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Group) {
    views = data.map { content($0) }
  }

  var groupChildren: [any View]? { views }

  func measure(_ proposal: Size) -> Size {
    VStack(spacing: 0, children: views).measure(proposal)
  }

  func render(in rect: Rect, into buffer: inout Buffer) {
    VStack(spacing: 0, children: views).render(in: rect, into: &buffer)
  }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
  /// Creates an empty view.
  public init() {}

  func measure(_ proposal: Size) -> Size { Size(width: 0, height: 0) }
  func render(in rect: Rect, into buffer: inout Buffer) {}
}
