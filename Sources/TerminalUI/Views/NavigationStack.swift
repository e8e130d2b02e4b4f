import ComposableArchitecture

/// A stack of screens driven by a stack store: the top screen shows under a title bar with the
/// breadcrumb of the path, and Esc pops it by sending the stack's `popFrom` action.
///
/// For example:
///
/// ```swift
/// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
///   WelcomeView(store: store)
/// } destination: { store in
///   switch store.case {
///   case let .basics(store): BasicsView(store: store)
///   case let .summary(store): SummaryView(store: store)
///   }
/// }
/// ```
///
/// Only the top screen is built, drawn and observed; its controls and shortcuts are the only
/// ones active. A screen names itself with ``View/navigationTitle(_:)``; a covered screen keeps
/// the title it showed when it was last on top. Esc on the root does nothing here, so an outer
/// stack (or the application) gets it. Stacks nest: the innermost non-empty one pops first, and
/// the title bar shows the whole chain.
public struct NavigationStack<State, Action>: View, PrimitiveView {
  let path: Store<StackState<State>, StackAction<State, Action>>
  let root: @MainActor () -> Group
  let destination: @MainActor (Store<State, Action>) -> Group

  /// Creates a stack over `root`, building each pushed screen with `destination`.
  public init(
    path: Store<StackState<State>, StackAction<State, Action>>,
    @ViewBuilder root: @escaping @MainActor () -> Group,
    @ViewBuilder destination: @escaping @MainActor (Store<State, Action>) -> Group
  ) {
    self.path = path
    self.root = root
    self.destination = destination
  }

  var isFlexible: Bool { true }

  func measure(_ proposal: Size) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer) {
    guard !rect.isEmpty else { return }
    let session = FocusSession.current
    let ids = path.withState(\.ids)
    let stackKey = ObjectIdentifier(path)
    let outerTrail = NavigationTrail.current
    let isOutermost = outerTrail == nil
    var trail = outerTrail ?? NavigationTrail()
    let rootTitle = title(of: Group(views: [root()]), key: StackTitleKey(stack: stackKey, id: nil))
    if let rootTitle, rootTitle != trail.titles.last { trail.titles.append(rootTitle) }
    let pathStore = path
    var top: Group
    if let id = ids.last, let store = path.scope(state: \.[id: id], action: \.[id: id]) {
      for covered in ids.dropLast() {
        let key = StackTitleKey(stack: stackKey, id: covered)
        if let known = session?.memory[key, as: String.self] {
          trail.titles.append(known)
        } else if let element = path.scope(state: \.[id: covered], action: \.[id: covered]) {
          // A screen deep-linked under the top one was never drawn: its title is read once
          // and remembered, and the frame laid out again so that what it read is not observed.
          let found = title(of: destination(element), key: key) ?? ""
          session?.readCoveredScreens = true
          trail.titles.append(found)
        }
      }
      top = destination(store)
      trail.titles.append(title(of: top, key: StackTitleKey(stack: stackKey, id: id)) ?? "")
      session?.setEscape { pathStore.send(.popFrom(id: id)) }
      session?.enterScreen(StackTitleKey(stack: stackKey, id: id))
    } else {
      top = root()
    }
    NavigationLinks.stacks.append(
      NavigationLinks.Entry(
        accepts: { $0 is State },
        push: { element in
          guard let element = element as? State else { return }
          pathStore.push(element)
        }))
    defer { NavigationLinks.stacks.removeLast() }
    let content: Rect
    if isOutermost {
      let bar = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
      content = rect.inset(top: min(1, rect.height))
      NavigationTrail.current = trail
      defer { NavigationTrail.current = nil }
      TerminalUI.render(top, in: content, into: &buffer)
      drawTitleBar(NavigationTrail.current ?? trail, in: bar, into: &buffer)
    } else {
      NavigationTrail.current = trail
      TerminalUI.render(top, in: rect, into: &buffer)
    }
  }

  /// The title a screen gives itself, remembered for when it is covered.
  private func title(of view: some View, key: StackTitleKey) -> String? {
    guard let title = TerminalUI.navigationTitle(of: view) else { return nil }
    FocusSession.current?.memory[key, as: String.self] = title
    return title
  }

  private func drawTitleBar(_ trail: NavigationTrail, in bar: Rect, into buffer: inout Buffer) {
    let titles = trail.titles.filter { !$0.isEmpty }
    let separator = " › "
    var text = titles.joined(separator: separator)
    var dropped = 0
    while displayWidth(text) > bar.width, dropped < titles.count - 1 {
      dropped += 1
      text = (["…"] + titles.dropFirst(dropped)).joined(separator: separator)
    }
    buffer.fill(bar, with: Cell(style: Style(reverse: true)))
    buffer.write(
      truncate(text, toWidth: bar.width), at: Position(x: bar.x, y: bar.y),
      style: Style(bold: true, reverse: true), clip: bar)
  }
}

/// Where a stack keeps a screen's last title: the stack and the element (nil for the root).
private struct StackTitleKey: Hashable {
  let stack: ObjectIdentifier
  let id: StackElementID?
}

/// The titles of the stacks being drawn, outermost first: inner stacks add to it and the
/// outermost draws it as the title bar.
@MainActor
struct NavigationTrail {
  static var current: NavigationTrail?
  var titles: [String] = []
}

extension View {
  /// Names the screen in the title bar of the stack that shows it.
  ///
  /// For example, `VStack { … }.navigationTitle("Basics")`.
  public func navigationTitle(_ title: String) -> some View {
    NavigationTitle(title: title, content: self)
  }
}

struct NavigationTitle: View, PrimitiveView {
  let title: String
  let content: any View

  var isFlexible: Bool { primitive(content).isFlexible }
  func measure(_ proposal: Size) -> Size { primitive(content).measure(proposal) }
  func render(in rect: Rect, into buffer: inout Buffer) {
    primitive(content).render(in: rect, into: &buffer)
  }
}

/// The title a view gives itself: the first `navigationTitle` found following bodies and the
/// first child of groups.
@MainActor
func navigationTitle(of view: any View) -> String? {
  if let titled = view as? NavigationTitle { return titled.title }
  if let primitive = view as? any PrimitiveView {
    if let content = primitive.modifiedContent { return navigationTitle(of: content) }
    guard let children = primitive.groupChildren else { return nil }
    for child in children {
      if let title = navigationTitle(of: child) { return title }
    }
    return nil
  }
  return navigationTitle(of: view.body)
}

/// A button that pushes a screen's state onto the innermost enclosing ``NavigationStack`` whose
/// path holds that type of state, like a link that carries state.
///
/// For example, in a counter screen shown by a stack whose `Path.State` has a `counter` case:
///
/// ```swift
/// NavigationLink("Push a counter", state: Path.State.counter(.init(count: store.count)),
///                shortcut: .character("n"))
/// ```
///
/// It sends the stack's `.push(id:state:)` action with the next element id. Outside a stack
/// that takes its state, the link is drawn disabled.
public struct NavigationLink<Element>: View {
  let label: String
  let state: Element
  let shortcut: KeyEvent?

  /// Creates a link.
  public init(_ label: String, state: Element, shortcut: KeyEvent? = nil) {
    self.label = label
    self.state = state
    self.shortcut = shortcut
  }

  public var body: some View {
    NavigationLinks.button(label, shortcut: shortcut, pushing: state)
  }
}

/// The stacks being drawn, outermost first, so a link can find the one that takes its state.
@MainActor
enum NavigationLinks {
  struct Entry {
    let accepts: (Any) -> Bool
    let push: @MainActor (Any) -> Void
  }
  static var stacks: [Entry] = []

  /// A button pushing `element` onto the innermost stack that takes it; disabled if none does.
  static func button(_ label: String, shortcut: KeyEvent?, pushing element: Any) -> Button {
    guard let index = stacks.lastIndex(where: { $0.accepts(element) }) else {
      return Button(label, shortcut: shortcut) {}.disabled(true)
    }
    let push = stacks[index].push
    return Button(label, shortcut: shortcut) { push(element) }
  }
}
