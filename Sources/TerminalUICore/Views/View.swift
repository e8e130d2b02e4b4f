/// A piece of a terminal screen, described by its `body` like a SwiftUI view.
///
/// For example:
///
/// ```swift
/// struct Greeting: View {
///   let name: String
///   var body: some View {
///     VStack {
///       Text("Hello, \(name)!").bold()
///       Spacer()
///     }
///   }
/// }
/// ```
///
/// A view made of other views ends, following bodies, in ``Widget``s: views that measure and
/// draw themselves, like `Text`, `VStack` and `Button`, and have no body.
///
/// In an ``Application``, a body is evaluated when its view is new or holds other values than
/// last time, or when something the body read through Observation (an `@Observable` model, a
/// store, a shared value) changed; otherwise what it made last time is kept. Read what a body
/// shows from observable state, and keep bodies free of side effects.
@MainActor
public protocol View {
  /// The type of view this view is made of.
  associatedtype Body: View
  /// The content of this view.
  @ViewBuilder var body: Body { get }
  /// The widget this view's body ends in: an implementation detail of laying views out, which
  /// neither implement nor call.
  func _primitive() -> any Widget
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

/// A view that measures and draws itself: what every view's body ends in. The library's own
/// building blocks (`Text`, `VStack`, `Button`, `TextField`, `List`, …) are widgets, and so can
/// be yours: the built-in controls (buttons, fields, lists, tables, pickers, tabs, the editor,
/// the scroll view) are written with the public API below alone, and `make test` checks it.
///
/// A frame lays the view tree out in two passes over each widget: ``measure(_:context:)``
/// answers how much room it wants, and ``render(in:into:context:)`` draws it into the room its
/// parent gave it. Both get the frame's ``RenderContext``: a widget measures and draws its
/// children through it, and, while it draws, takes part in focus and keys through it:
///
/// - take focus: ``RenderContext/addControl(id:takesText:isSecure:consumes:rect:handleKey:)``
///   registers a control in Tab order and says whether it is the focused one, so the widget can draw
///   itself highlighted;
/// - handle keys: the control's `handleKey` closure gets the keys typed while it has focus and
///   returns whether it used each one (unused keys go on to the screen's shortcuts), and
///   ``RenderContext/addControl(id:takesText:isSecure:consumes:help:rect:handleKey:)`` also
///   names what they do, listed first in the help while the control has focus;
/// - keep state between frames (a cursor, a scroll offset, an open popup):
///   ``RenderContext/remembered(_:orMake:)`` gives the box of state the widget keeps where it
///   is in the tree, which its key handlers change; a container draws each child under an
///   identity of its own with ``RenderContext/scoped(_:_:)`` and keeps what a hidden child
///   remembers with ``RenderContext/keepRemembered(under:)``;
/// - list its keys for help: ``RenderContext/addShortcut(_:help:action:)`` makes a key work
///   from anywhere on the active screen and lists it in the help bar and the `?` overlay, and
///   ``RenderContext/addHelp(key:label:keys:)`` lists a key the control handles itself;
/// - show part of a view (scroll): ``RenderContext/renderOffscreen(_:size:painting:)`` draws it
///   whole off screen and ``RenderContext/show(_:from:in:into:)`` shows the part in view, and a
///   command that only changes what the widget remembers asks for a frame through
///   ``RenderContext/displayRequest``.
///
/// For example, a check mark that Space flips while it has focus:
///
/// ```swift
/// struct CheckMark: Widget {
///   let isOn: Binding<Bool>
///
///   func measure(_ proposal: Size, context: RenderContext) -> Size {
///     Size(width: min(3, proposal.width), height: min(1, proposal.height))
///   }
///
///   func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
///     let isOn = isOn
///     let control = context.addControl { key in
///       guard key == .character(" ") else { return false }
///       isOn.wrappedValue.toggle()
///       return true
///     }
///     if control.isFocused { context.addHelp(key: "space", label: "flip") }
///     buffer.write(
///       isOn.wrappedValue ? "[x]" : "[ ]", at: Position(x: rect.x, y: rect.y),
///       style: control.isFocused ? context.theme.focus : .plain, clip: rect)
///   }
/// }
/// ```
///
/// Drawing is clipped to `rect` only when the widget passes it as `clip`; stay inside it.
/// Widgets are redrawn from scratch on every frame: keep what must survive a frame in your
/// state, or in the context's memory (``RenderContext/remembered(_:as:)``).
@MainActor
public protocol Widget: View where Body == Never {
  /// The size the widget wants within `proposal`; never larger than `proposal`.
  ///
  /// A parent may measure a widget several times, or not at all, before drawing it: measure
  /// without side effects.
  func measure(_ proposal: Size, context: RenderContext) -> Size
  /// Draws the widget into `rect` of `buffer`, and registers its controls, shortcuts and help
  /// with `context`. `rect` lies inside the buffer; parents do not draw into empty rectangles.
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext)
  /// Whether the widget grows to fill the free height of a vertical stack (as a `List` does);
  /// `false` unless the widget says otherwise.
  var isFlexible: Bool { get }
}

extension Widget {
  /// Widgets keep to their measured size unless they say otherwise.
  public var isFlexible: Bool { false }
}

/// What the library's own containers tell their parents: the views a group contributes to its
/// parent stack, and the view a modifier wraps (so a screen's title is found through its
/// modifiers).
@MainActor
protocol ContainerWidget: Widget {
  /// The views a group contributes to its parent stack, if it is a group.
  var groupChildren: [any View]? { get }
  /// The view a modifier wraps.
  var modifiedContent: (any View)? { get }
}

extension ContainerWidget {
  var groupChildren: [any View]? { nil }
  var modifiedContent: (any View)? { nil }
}

/// Follows `body` down to the view that draws itself.
@MainActor
func primitive(_ view: any View) -> any Widget {
  view._primitive()
}

extension View {
  /// The widget this view's body ends in: an implementation detail of laying views out, which
  /// neither implement nor call. Found through the conformance, with no dynamic cast.
  public func _primitive() -> any Widget {
    // In an application's frame, the body is evaluated only if what it depends on changed.
    if let graph = ViewGraph.current { return graph.resolve(self) }
    BodyEvaluations.count += 1
    return body._primitive()
  }
}

extension Widget {
  /// A widget draws itself: an implementation detail of laying views out.
  public func _primitive() -> any Widget { self }
}

/// The drawable children of a list of views, with groups and `ForEach` flattened in.
@MainActor
func flattened(_ views: [any View]) -> [any Widget] {
  var result: [any Widget] = []
  for view in views {
    let node = primitive(view)
    // Only groups contribute children: a comparison of types spares the other widgets a cast.
    let type = Swift.type(of: node)
    if type == Group.self, let group = node as? Group {
      result += group.resolved
    } else if type == ForEach<Group>.self, let each = node as? ForEach<Group> {
      result += each.resolved
    } else {
      result.append(node)
    }
  }
  return result
}

/// Draws a view into a new buffer of the given size, outside any application: nothing is
/// focused and nothing registers keys.
///
/// For example, `render(Text("Hi"), size: Size(width: 4, height: 1)).lines` is `["Hi  "]`.
@MainActor
public func render(_ view: some View, size: Size) -> Buffer {
  var buffer = Buffer(size: size)
  render(view, in: buffer.bounds, into: &buffer)
  return buffer
}

/// Draws a view into a region of an existing buffer, outside any application.
///
/// For example:
///
/// ```swift
/// var buffer = Buffer(size: Size(width: 10, height: 2))
/// render(Text("Hi"), in: Rect(x: 2, y: 1, width: 8, height: 1), into: &buffer)
/// ```
///
/// A widget drawing its children uses ``RenderContext/render(_:in:into:)`` instead, so that
/// they register with the frame.
@MainActor
public func render(_ view: some View, in rect: Rect, into buffer: inout Buffer) {
  render(view, in: rect, into: &buffer, context: RenderContext())
}

/// Draws a view into a region of a buffer with a frame's context, clipped to the buffer.
@MainActor
func render(
  _ view: any View, in rect: Rect, into buffer: inout Buffer, context: RenderContext
) {
  let area = rect.intersection(buffer.bounds)
  guard !area.isEmpty else { return }
  context.resolving(view).render(in: area, into: &buffer, context: context)
}
