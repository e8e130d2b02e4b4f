/// Builds a list of views from a closure: statements, `if`/`else`, optionals and `for` loops.
///
/// For example:
///
/// <!-- context: tui-text -->
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
  public static func buildBlock(_ parts: [any View]...) -> [any View] {
    IdentityScope.placing(parts)
  }
  /// An `if` without `else`: its views have an identity of their own, so they do not take
  /// that of identical views after them.
  public static func buildOptional(_ part: [any View]?) -> [any View] {
    part.map { scoped($0, under: Branch.then) } ?? []
  }
  /// The `if` branch of an `if`/`else`.
  public static func buildEither(first part: [any View]) -> [any View] {
    scoped(part, under: Branch.then)
  }
  /// The `else` branch of an `if`/`else`.
  public static func buildEither(second part: [any View]) -> [any View] {
    scoped(part, under: Branch.otherwise)
  }
  private static func scoped(_ part: [any View], under id: some Hashable) -> [any View] {
    IdentityScope.scoping(flattened(part), under: AnyHashable(id)).map { $0 as any View }
  }
  /// A `for` loop.
  public static func buildArray(_ parts: [[any View]]) -> [any View] {
    // Each pass is a view of its own, so a pass more or less moves nothing after the loop.
    parts.enumerated().flatMap { scoped($1, under: Slot(index: $0)) }
  }
  /// `if #available` blocks.
  public static func buildLimitedAvailability(_ part: [any View]) -> [any View] { part }
  /// The finished list, as one view.
  public static func buildFinalResult(_ parts: [any View]) -> Group { Group(views: parts) }
}

/// Several views side by side in their parent stack, as if written there directly.
public struct Group: ContainerWidget {
  /// The views with nested groups flattened in and bodies followed, resolved once when the
  /// group is made, so that each body is evaluated once a frame.
  let resolved: [any Widget]

  init(views: [any View]) {
    self.resolved = flattened(views)
  }

  /// Groups the views a builder makes.
  public init(@ViewBuilder content: () -> Group) { self = content() }

  var groupChildren: [any View]? { resolved }

  /// Measures the views stacked top to bottom (in a stack, they join the stack instead).
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    VStack(spacing: 0, resolved: resolved).measure(proposal, context: context)
  }

  /// Draws the views stacked top to bottom (in a stack, they join the stack instead).
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    VStack(spacing: 0, resolved: resolved).render(in: rect, into: &buffer, context: context)
  }
}

/// Views for each element of a collection, or, in a ``TableColumnBuilder``, a table's columns.
///
/// For example, `ForEach(model.items) { item in Text(item.name) }`. `Content` is what each
/// element makes: a `Group` of views (`ForEach<Group>`, a view), or table columns.
@MainActor
public struct ForEach<Content> {
  /// What the elements made, in order, for a `ForEach` of things other than views (a table's
  /// columns): what a result builder of one's own collects from it. Empty for a `ForEach` of
  /// views.
  public let items: [Content]
  /// Every element's views, resolved when it was made, for a `ForEach` of views.
  var resolved: [any Widget]

  /// A `ForEach` of things other than views, made from what its elements made (`items`), for a
  /// result builder of one's own that takes `ForEach`: a `ForEach` of views is made with
  /// `init(_:content:)`.
  ///
  /// For example, ``TableColumnBuilder``'s `buildExpression(_:)` takes a
  /// `ForEach<TableColumn<Row>>` and returns its `items`.
  public init(items: [Content]) {
    self.items = items
    self.resolved = []
  }
}

extension ForEach: View, Widget, ContainerWidget where Content == Group {
  /// Makes a view for each element, identified by its position.
  public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Group) {
    items = []
    resolved = data.enumerated().flatMap {
      IdentityScope.scoping(content($1).resolved, under: Slot(index: $0))
    }
  }

  /// Makes a view for each element, identified by its `id`: focus and a field's cursor stay
  /// with an element when others are inserted or removed before it.
  public init<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> Group)
  where Data.Element: Identifiable {
    self.init(data, id: \.id, content: content)
  }

  /// Makes a view for each element, identified by the value at `id` (`\.self` for values
  /// that identify themselves).
  public init<Data: Sequence, ID: Hashable>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: (Data.Element) -> Group
  ) {
    items = []
    resolved = data.flatMap { element in
      let scope = AnyHashable(element[keyPath: id])
      return IdentityScope.scoping(content(element).resolved, under: scope)
    }
  }

  var groupChildren: [any View]? { resolved }

  /// Measures the views stacked top to bottom (in a stack, they join the stack instead).
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    VStack(spacing: 0, resolved: resolved).measure(proposal, context: context)
  }

  /// Draws the views stacked top to bottom (in a stack, they join the stack instead).
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    VStack(spacing: 0, resolved: resolved).render(in: rect, into: &buffer, context: context)
  }
}

/// A view that shows nothing and takes no space.
public struct EmptyView: Widget {
  /// Creates an empty view.
  public init() {}

  /// Takes no room.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: 0, height: 0)
  }
  /// Draws nothing.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {}
}
