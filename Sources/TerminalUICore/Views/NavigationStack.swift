/// A stack of screens: the top screen shows under a title bar with the breadcrumb of the path,
/// and Esc pops it.
///
/// For example, over an array of values in an `@Observable` model:
///
/// <!-- context: tui-stack-model -->
/// ```swift
/// NavigationStack(path: $model.path) {
///   Text("Pick a colour").navigationTitle("Colours")
/// } destination: { colour in
///   Text("You picked \(colour)").navigationTitle(colour)
/// }
/// ```
///
/// Only the top screen is built, drawn and observed; its controls and shortcuts are the only
/// ones active. A screen names itself with ``View/navigationTitle(_:)``; a covered screen keeps
/// the title it showed when it was last on top. Esc on the root does nothing here, so an outer
/// stack (or the application) gets it. Stacks nest: the innermost non-empty one pops first, and
/// the title bar shows the whole chain. A ``NavigationLink`` inside pushes onto the innermost
/// stack that takes its value.
///
/// Other kinds of paths (a store's stack, say) use
/// ``init(ids:destination:popFrom:push:identity:root:)``.
public struct NavigationStack: ContainerWidget {
  /// Tells this stack's remembered titles from other stacks'; nil for the stack's place among
  /// the views.
  let identity: AnyHashable?
  /// The ids of the pushed screens, bottom first.
  let ids: @MainActor () -> [AnyHashable]
  /// The screen of an id, or nil when the id has no element any more.
  let destination: @MainActor (AnyHashable) -> Group?
  /// What a remembered title of a covered screen is valid for (its element, for paths whose
  /// ids are positions); nil when the id alone says.
  let titleToken: @MainActor (AnyHashable) -> AnyHashable?
  /// Pops the screen of an id and every screen above it.
  let popFrom: @MainActor (AnyHashable) -> Void
  /// What links push onto this stack.
  let link: StackLinkTarget
  let root: @MainActor () -> Group

  init(
    identity: AnyHashable?,
    ids: @escaping @MainActor () -> [AnyHashable],
    destination: @escaping @MainActor (AnyHashable) -> Group?,
    titleToken: @escaping @MainActor (AnyHashable) -> AnyHashable? = { _ in nil },
    popFrom: @escaping @MainActor (AnyHashable) -> Void,
    link: StackLinkTarget,
    root: @escaping @MainActor () -> Group
  ) {
    self.identity = identity
    self.ids = ids
    self.destination = destination
    self.titleToken = titleToken
    self.popFrom = popFrom
    self.link = link
    self.root = root
  }

  /// Creates a stack over any path, described by closures: the ids of the pushed screens
  /// (bottom first), the screen of an id, how to pop, and how a ``NavigationLink`` pushes a
  /// value.
  ///
  /// For example, a stack over a model's array of page numbers, each page pushed once:
  ///
  /// <!-- context: tui-stack-model -->
  /// ```swift
  /// NavigationStack(
  ///   ids: { model.pages },
  ///   destination: { page in Group { Text("Page \(page)").navigationTitle("\(page)") } },
  ///   popFrom: { page in model.pages.removeSubrange(model.pages.firstIndex(of: page)!...) },
  ///   push: { (page: Int) in model.pages.append(page) },
  ///   identity: "pages"
  /// ) {
  ///   NavigationLink("Open page 1", value: 1)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - ids: The ids of the pushed screens, bottom first; an id names one element for as
  ///     long as it is on the stack.
  ///   - destination: The screen for an id, or nil if the id has no element any more.
  ///   - popFrom: Removes the element of an id and every element above it (Esc calls it with
  ///     the top id).
  ///   - push: Pushes a value that a ``NavigationLink`` carries; links carrying values of
  ///     other types look for another stack.
  ///   - identity: Tells this stack's remembered titles from another stack's, for as long as
  ///     the stack is on screen.
  ///   - root: The screen under all pushed ones.
  public init<ID: Hashable & Sendable, Value>(
    ids: @escaping @MainActor () -> [ID],
    destination: @escaping @MainActor (ID) -> Group?,
    popFrom: @escaping @MainActor (ID) -> Void,
    push: @escaping @MainActor (Value) -> Void,
    identity: some Hashable,
    @ViewBuilder root: @escaping @MainActor () -> Group
  ) {
    self.init(
      identity: AnyHashable(identity),
      ids: { ids().map(AnyHashable.init) },
      destination: { id in (id.base as? ID).flatMap(destination) },
      popFrom: { id in if let id = id.base as? ID { popFrom(id) } },
      link: StackLinkTarget(pushing: push),
      root: root)
  }

  /// A stack fills the height it is offered.
  public var isFlexible: Bool { true }

  /// All the room proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  /// Draws the top screen, and the title bar when this is the outermost stack.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard !rect.isEmpty else { return }
    let session = context.session
    let identity = self.identity ?? FocusSession.key(StackPlace(), in: session)
    let ids = ids()
    let outerTrail = context.trail
    var titles = outerTrail?.titles ?? []
    let rootKey = StackScreenKey(stack: identity, id: nil)
    // Screens are built once a frame, even when the frame is laid out twice.
    let destination = { (id: AnyHashable) in
      context.build(StackScreenKey(stack: identity, id: id), in: rect) { self.destination(id) }
    }
    let root = { context.build(rootKey, in: rect) { self.root() } }
    let topElement = ids.last.flatMap { id in destination(id).map { (id, $0) } }
    let remembered = session.map { session in
      session.tasks.stacksDrawn.insert(identity)
      return StackTitles.of(identity, in: session.memory)
    }
    remembered?.forget(allBut: ids)
    // The root is built once: to draw it when it is on top; when covered, only if its title is
    // not remembered yet (read once, like a covered screen's, and not observed).
    var rootScreen: Group?
    let rootTitle: String?
    if topElement == nil {
      let screen = root()
      rootScreen = screen
      rootTitle = title(of: screen, id: nil, token: nil, in: remembered)
    } else if let known = remembered?.byID[nil] {
      rootTitle = known.title
    } else {
      rootTitle = title(of: root(), id: nil, token: nil, in: remembered)
      session?.readCoveredScreens = true
    }
    if let rootTitle, rootTitle != titles.last { titles.append(rootTitle) }
    let top: Group
    let topKey = topElement.map { StackScreenKey(stack: identity, id: $0.0) } ?? rootKey
    if let (id, element) = topElement {
      // The screens covered keep what their views keep, for when they are on top again.
      session?.keepMemory(under: rootKey)
      for covered in ids.dropLast() {
        session?.keepMemory(under: StackScreenKey(stack: identity, id: covered))
        let token = titleToken(covered)
        if let known = remembered?.byID[covered], known.token == token {
          titles.append(known.title ?? "")
        } else if let element = destination(covered) {
          // A screen deep-linked under the top one was never drawn: its title is read once
          // and remembered, and the frame laid out again so that what it read is not observed.
          let found = title(of: element, id: covered, token: token, in: remembered) ?? ""
          session?.readCoveredScreens = true
          titles.append(found)
        }
      }
      top = element
      titles.append(
        title(of: top, id: id, token: titleToken(id), in: remembered) ?? "")
      let popFrom = popFrom
      session?.setEscape { popFrom(id) }
      session?.enterScreen(topKey)
    } else {
      top = rootScreen ?? root()
    }
    // Stacks nested in the top screen add their titles to the outermost stack's trail, which
    // draws them all once the screen is drawn.
    let trail = outerTrail ?? NavigationTrail()
    trail.titles = titles
    let inner = context.inStack(link, trail: trail, screen: topKey)
    // Each screen keeps what its views keep under its own key: a pushed screen's scroll view
    // is not the root's.
    let drawTop = { (area: Rect, buffer: inout Buffer) in
      inner.scoped(topKey) { TerminalUICore.render(top, in: area, into: &buffer, context: inner) }
    }
    if outerTrail == nil {
      let bar = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
      drawTop(rect.inset(top: min(1, rect.height)), &buffer)
      drawTitleBar(trail.titles, in: bar, into: &buffer, theme: context.theme)
    } else {
      drawTop(rect, &buffer)
    }
  }

  /// The title a screen gives itself (nil for none), remembered for when it is covered.
  private func title(
    of view: some View, id: AnyHashable?, token: AnyHashable?, in remembered: StackTitles?
  ) -> String? {
    let title = TerminalUICore.navigationTitle(of: view)
    remembered?.byID[id] = StackTitle(title: title, token: token)
    return title
  }

  private func drawTitleBar(
    _ titles: [String], in bar: Rect, into buffer: inout Buffer, theme: Theme
  ) {
    let titles = titles.filter { !$0.isEmpty }
    let separator = " › "
    var text = titles.joined(separator: separator)
    var dropped = 0
    while displayWidth(text) > bar.width, dropped < titles.count - 1 {
      dropped += 1
      text = (["…"] + titles.dropFirst(dropped)).joined(separator: separator)
    }
    buffer.fill(bar, with: Cell(style: theme.bar))
    buffer.write(
      truncate(text, toWidth: bar.width), at: Position(x: bar.x, y: bar.y),
      style: theme.bar.merged(with: Style(bold: true)), clip: bar)
  }
}

/// A screen of a stack: the stack and the element (nil for the root). It names what the frame
/// built for the screen, the screen focus returns to, and the screen a `.task` belongs to.
private struct StackScreenKey: Hashable, CustomStringConvertible {
  let stack: AnyHashable
  let id: AnyHashable?

  /// As a control's identity writes it: the screen's id (the stack is the path before it).
  var description: String { id.map { "screen:\($0.base)" } ?? "screen" }
}

/// A remembered title, and what it is valid for.
struct StackTitle {
  let title: String?
  let token: AnyHashable?
}

/// The titles a stack remembers for its screens, by element (nil for the root), kept in the
/// application's memory under the stack's identity while the stack is drawn. Only elements
/// still on the stack keep theirs: a stack pushed and popped a million times remembers what is
/// on it now, and an app opening a million stacks remembers those on screen.
@MainActor
final class StackTitles {
  var byID: [AnyHashable?: StackTitle] = [:]

  /// The titles of the stack `identity`, made the first time it is drawn.
  static func of(_ identity: AnyHashable, in memory: FrameMemory) -> StackTitles {
    if let titles = memory.stackTitles[identity] { return titles }
    let titles = StackTitles()
    memory.stackTitles[identity] = titles
    return titles
  }

  /// Forgets the titles of the stacks that `tasks`' frame did not draw.
  static func forgetStacks(notDrawnIn tasks: FrameTasks, in memory: FrameMemory) {
    guard memory.stackTitles.count > tasks.stacksDrawn.count else { return }
    memory.stackTitles = memory.stackTitles.filter { tasks.stacksDrawn.contains($0.key) }
  }

  /// Forgets the titles of elements no longer among `ids`.
  func forget(allBut ids: [AnyHashable]) {
    guard byID.count > ids.count + 1 else { return }
    let kept = Set(ids)
    byID = byID.filter { id, _ in id.map(kept.contains) ?? true }
  }
}

/// Who a stack over a plain path is, under its place among the views.
private struct StackPlace: Hashable {}

/// The titles of the stacks being drawn, outermost first: the outermost stack hands it down in
/// its screens' context, inner stacks add to it, and the outermost draws it as the title bar.
@MainActor
final class NavigationTrail {
  var titles: [String] = []
}

/// What a stack being drawn tells the links inside it: which values it takes and how to push
/// one.
struct StackLinkTarget {
  let accepts: (Any) -> Bool
  let push: @MainActor (Any) -> Void

  init<Value>(pushing push: @escaping @MainActor (Value) -> Void) {
    accepts = { $0 is Value }
    self.push = { value in if let value = value as? Value { push(value) } }
  }
}

extension RenderContext {
  /// What pushes `value` onto the innermost ``NavigationStack`` around the view being drawn
  /// whose path takes values of its type, or nil when none does: the action of a link of one's
  /// own (``NavigationLink`` is one).
  ///
  /// For example, a shortcut that pushes 42 where a stack takes numbers:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// if let push = context.navigationPush(42) {
  ///   context.addShortcut(.character("n"), help: "show 42") { push() }
  /// }
  /// ```
  public func navigationPush<Value>(_ value: Value) -> (@MainActor () -> Void)? {
    let element: Any = value
    guard let index = stacks.lastIndex(where: { $0.accepts(element) }) else { return nil }
    let push = stacks[index].push
    return { push(element) }
  }
}

extension View {
  /// Names the screen in the title bar of the stack that shows it.
  ///
  /// For example, `VStack { … }.navigationTitle("Basics")`.
  public func navigationTitle(_ title: String) -> some View {
    NavigationTitle(title: title, content: self)
  }
}

struct NavigationTitle: ContainerWidget {
  let title: String
  /// The content, resolved once when the modifier is made.
  let content: any Widget

  init(title: String, content: any View) {
    self.title = title
    self.content = primitive(content)
  }

  var isFlexible: Bool { content.isFlexible }
  func measure(_ proposal: Size, context: RenderContext) -> Size {
    content.measure(proposal, context: context)
  }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    content.render(in: rect, into: &buffer, context: context)
  }
}

/// The title a view gives itself: the first `navigationTitle` found following bodies and the
/// first child of groups.
@MainActor
func navigationTitle(of view: any View) -> String? {
  if let titled = view as? NavigationTitle { return titled.title }
  if view is any Widget {
    guard let container = view as? any ContainerWidget else { return nil }
    if let content = container.modifiedContent { return navigationTitle(of: content) }
    guard let children = container.groupChildren else { return nil }
    for child in children {
      if let title = navigationTitle(of: child) { return title }
    }
    return nil
  }
  return navigationTitle(of: view.body)
}
