/// What the widgets of one frame registered: focusable controls in screen order, shortcuts,
/// help entries, what Esc does, and which screen is active. The runtime hands it down the view
/// tree in the frame's ``RenderContext`` and routes the next keys through what the last frame
/// registered.
///
/// A modal overlay (sheet, alert) calls ``beginModal(_:)``: what the screen under it registered
/// is dropped, and whatever would register after the overlay is ignored, so focus and keys stay
/// inside the overlay.
@MainActor
final class FocusSession {
  /// A focusable control: it handles keys while focused and says whether it used them.
  struct Control {
    let handle: @MainActor (KeyEvent) -> Bool
    /// Whether what is typed into it is a secret (a secure field).
    var isSecure: Bool
    /// Whether it takes printable keys as text (a field), shadowing one-character shortcuts.
    var takesText: Bool
    /// Who the control is on its screen: its place in the tree and the id it registered with,
    /// and which of the controls with both it is (`0/2/button#0`), so focus follows the
    /// control, not its position in Tab order, when others come and go.
    var identity: String
    /// The keys it uses while focused, so the help lists no screen key it would swallow.
    var consumes: @MainActor (KeyEvent) -> Bool
    /// What its keys do while it has focus, listed first in the help.
    var help: [HelpEntry]
    /// Where it is on screen, when it takes the mouse: a click there focuses it and hands it
    /// the click (as a `.mouse` key), and the wheel over it hands it the turn.
    var rect: Rect?
    /// How far the control was moved after it was drawn (by a scroll view): the mouse events
    /// it gets are moved back by as much, into the place it drew itself.
    var shift = Position(x: 0, y: 0)
  }

  /// A place that takes the mouse without being a control (a tab's title, say).
  struct MouseRegion {
    var rect: Rect
    let handle: @MainActor (MouseEvent) -> Bool
    /// As a control's.
    var shift = Position(x: 0, y: 0)
  }

  /// A focus binding: what to write when its control gains focus, and when another does.
  struct FocusBinding {
    let focus: @MainActor () -> Void
    let isFocusedInState: @MainActor () -> Bool
    let clear: @MainActor () -> Void
  }

  private(set) var controls: [Control] = []
  private(set) var shortcuts: [KeyEvent: @MainActor () -> Void] = [:]
  /// The active screen's keys, in the order listed.
  private(set) var help: [HelpEntry] = []
  /// What Esc does on the active screen: pop the stack or dismiss the overlay.
  private(set) var escape: (@MainActor () -> Void)?
  /// Identifies the active screen: a stack element or an overlay, nested.
  private(set) var screen: [AnyHashable] = []
  /// Focus bindings, by control index.
  private(set) var focusBindings: [Int: FocusBinding] = [:]
  /// The control that takes focus when the active screen first shows, if one asked
  /// (`defaultFocus()`); the first control otherwise.
  private(set) var defaultFocus: Int?

  /// Whether the active screen has shortcuts on printable keys, which a focused text field
  /// takes as text.
  var hasPrintableShortcuts: Bool {
    shortcuts.keys.contains(where: \.isCharacter)
  }

  /// Whether Esc leaves `focused` rather than going back: it is a text field, and leaving it
  /// makes printable shortcuts reachable, or Esc has nothing else to do (a root screen).
  func escapeLeaves(_ focused: Control?) -> Bool {
    focused?.takesText == true && (escape == nil || hasPrintableShortcuts)
  }

  /// Places that take the mouse without being controls, in drawing order.
  private(set) var mouseRegions: [MouseRegion] = []
  /// Set by a key handler that changed what widgets keep in memory (a scroll offset), which no
  /// observation sees: the application draws again after the key.
  var requestsDisplay = false
  /// Whether a stack read a covered screen's state (to learn its title) in this frame, under
  /// an overlay too.
  var readCoveredScreens: Bool {
    get { tasks.readCoveredScreens }
    set { tasks.readCoveredScreens = newValue }
  }
  /// Whether registrations are ignored: after a modal overlay has drawn, and in an inert
  /// registry (whose screens are still followed: an overlay drawn over them nests in them).
  private var isLocked = false
  /// Whether the active screen is settled: once a modal overlay has drawn.
  private var isScreenSettled = false
  /// The index of the focused control when the frame was drawn; -1 for none.
  let focusedIndex: Int
  /// Values widgets keep from frame to frame (scroll offsets, titles), shared by every session
  /// of one application.
  let memory: FrameMemory
  /// The `.task` modifiers drawn this frame, by key. Screens under an overlay are still on
  /// screen, so their tasks count too.
  let tasks: FrameTasks
  /// The views built while laying out this frame, shared with a second layout of it.
  let builds: FrameBuilds

  init(
    focusedIndex: Int, memory: FrameMemory = FrameMemory(),
    tasks: FrameTasks = FrameTasks(), builds: FrameBuilds = FrameBuilds()
  ) {
    self.focusedIndex = focusedIndex
    self.memory = memory
    self.tasks = tasks
    self.builds = builds
  }

  /// A session whose registrations go nowhere except tasks: for a screen drawn under an
  /// overlay.
  func inert() -> FocusSession {
    let session = FocusSession(
      focusedIndex: -1, memory: memory, tasks: tasks, builds: builds)
    session.isLocked = true
    // The screen under the overlay keeps what it keeps under the same keys as when on top.
    session.scopes = scopes
    return session
  }

  /// How many controls of each identity registered so far, to number the repeats.
  private var identityCounts: [String: Int] = [:]
  /// The identities of the views being drawn, outermost first (``IdentityScope``): a
  /// control's identity starts with them.
  // Entered and left around most views of every frame, on the main actor only, never while
  // another access is under way: checked, each entry and exit cost a runtime check of its own.
  @exclusivity(unchecked) private var scopes: [ScopeEntry] = []
  /// The paths written out (`0/2/if`) of the first scopes, by depth, made when a control
  /// registers and kept while those scopes are: the controls of one stack write theirs once.
  @exclusivity(unchecked) private var writtenPaths: [String] = []
  /// The hashes of the paths of the first scopes, by depth, made when a key is scoped and kept
  /// while those scopes are: the keys of one stack's views hash their path once.
  @exclusivity(unchecked) private var pathHashes: [Int] = []

  /// Starts drawing a view with an identity of its own.
  func enterScope(_ id: AnyHashable) { scopes.append(.key(id)) }

  /// Starts measuring or drawing the view of an ``IdentityScope``.
  func enterScope(_ id: ScopeID) { scopes.append(.scope(id)) }

  /// Starts measuring or drawing a stack's child at its place among the views written in it.
  func enterSlot(_ index: Int) { scopes.append(.slot(index)) }

  /// Keeps what the views under `id` keep, though this frame does not draw them (a covered
  /// screen, a tab not shown).
  func keepMemory(under id: some Hashable) {
    memory.keep(under: scopes + [.key(AnyHashable(id))])
  }

  /// Keeps what the views of the ``IdentityScope`` `id` keep, though this frame gives them no
  /// room.
  func keepMemory(under id: ScopeID) {
    memory.keep(under: scopes + [.scope(id)])
  }

  /// Keeps what the view being drawn and the views in it keep, though this frame gives them no
  /// room.
  func keepMemory() {
    memory.keep(under: scopes)
  }

  /// Runs `body` (measuring or drawing a view) under `id`.
  @discardableResult
  func scoped<Result>(_ id: some Hashable, _ body: () -> Result) -> Result {
    enterScope(AnyHashable(id))
    defer { leaveScope() }
    return body()
  }

  /// Ends drawing the view of the last ``enterScope(_:)``.
  func leaveScope() {
    _ = scopes.popLast()
    if writtenPaths.count > scopes.count { writtenPaths.removeLast() }
    if pathHashes.count > scopes.count { pathHashes.removeLast() }
  }

  /// `key` under the identities of the views being drawn or measured: what a view keeps
  /// between frames (a scroll offset, an open popup) is its own in each element of a
  /// ``ForEach``, each `.id(_:)` and each branch of an `if`.
  func scopedKey(_ key: AnyHashable) -> ScopedKey {
    ScopedKey(scopes: scopes, pathHash: pathHash, key: key)
  }

  /// The hash of the identities of the views being drawn or measured; 0 at the root.
  var pathHash: Int {
    guard !scopes.isEmpty else { return 0 }
    while pathHashes.count < scopes.count {
      var hasher = Hasher()
      hasher.combine(pathHashes.last ?? 0)
      hasher.combine(scopes[pathHashes.count])
      pathHashes.append(hasher.finalize())
    }
    return pathHashes[scopes.count - 1]
  }

  /// `key` under the identities of the views `session` is drawing, or as it is without one.
  static func key(_ key: some Hashable, in session: FocusSession?) -> AnyHashable {
    session.map { AnyHashable($0.scopedKey(AnyHashable(key))) } ?? AnyHashable(key)
  }

  /// `identity` under the identities of the views being drawn (`Row 7/field`).
  private func scoped(_ identity: String) -> String {
    guard !scopes.isEmpty else { return identity }
    while writtenPaths.count < scopes.count {
      let scope = scopes[writtenPaths.count].description
      writtenPaths.append(writtenPaths.last.map { $0 + "/" + scope } ?? scope)
    }
    return writtenPaths[scopes.count - 1] + "/" + identity
  }

  /// Registers a control; returns its index and whether it is the focused one.
  ///
  /// - Parameters:
  ///   - identity: The id the control registered with (`field`); repeats are numbered.
  ///   - consumes: The keys it uses while focused.
  ///   - help: What its keys do while it has focus.
  func register(
    identity: String, takesText: Bool, isSecure: Bool,
    consumes: @escaping @MainActor (KeyEvent) -> Bool, help: [HelpEntry], rect: Rect?,
    _ handle: @escaping @MainActor (KeyEvent) -> Bool
  ) -> (index: Int, isFocused: Bool) {
    guard !isLocked else { return (-1, false) }
    let identity = scoped(identity)
    let repeats = identityCounts[identity, default: 0]
    identityCounts[identity] = repeats + 1
    controls.append(
      Control(
        handle: handle, isSecure: isSecure, takesText: takesText,
        identity: "\(identity)#\(repeats)", consumes: consumes, help: help, rect: rect))
    let index = controls.count - 1
    return (index, index == focusedIndex)
  }

  /// `kind` under the identities of the views being drawn, numbered among those drawn there so
  /// far (`0/2/task#1`): what a view registers more than one of (its tasks) tells them apart by
  /// their order.
  func numbered(_ kind: String) -> String {
    let place = scoped(kind)
    let repeats = identityCounts[place, default: 0]
    identityCounts[place] = repeats + 1
    return "\(place)#\(repeats)"
  }

  /// The control at `index` in screen order, if there is one (-1: none has focus).
  subscript(control index: Int) -> Control? {
    controls.indices.contains(index) ? controls[index] : nil
  }

  /// The index of the control with `identity`, if this frame has one.
  func index(of identity: String) -> Int? {
    controls.firstIndex { $0.identity == identity }
  }

  /// The index the next registered control gets, or nil when registrations are ignored.
  var nextControlIndex: Int? { isLocked ? nil : controls.count }

  /// Makes `rect` take the mouse on the active screen: `handle` gets the clicks and wheel turns
  /// over it that no control there used, and returns whether it used them.
  func addMouseRegion(_ rect: Rect, _ handle: @escaping @MainActor (MouseEvent) -> Bool) {
    guard !isLocked, !rect.isEmpty else { return }
    mouseRegions.append(MouseRegion(rect: rect, handle: handle))
  }

  /// Moves the mouse targets registered since `controlsFrom` and `regionsFrom` by `offset`
  /// (content drawn off screen, then shown in `viewport`), keeping them to the viewport: what
  /// is scrolled out of view takes no click.
  func moveMouseTargets(
    controlsFrom: Int, regionsFrom: Int, by offset: Position, within viewport: Rect
  ) {
    func moved(_ rect: Rect) -> Rect {
      Rect(x: rect.x + offset.x, y: rect.y + offset.y, width: rect.width, height: rect.height)
        .intersection(viewport)
    }
    for index in controls.indices.dropFirst(controlsFrom) {
      guard let rect = controls[index].rect else { continue }
      let shown = moved(rect)
      controls[index].rect = shown.isEmpty ? nil : shown
      controls[index].shift.x += offset.x
      controls[index].shift.y += offset.y
    }
    for index in mouseRegions.indices.dropFirst(regionsFrom) {
      mouseRegions[index].rect = moved(mouseRegions[index].rect)
      mouseRegions[index].shift.x += offset.x
      mouseRegions[index].shift.y += offset.y
    }
    mouseRegions.removeAll { $0.rect.isEmpty }
  }

  /// The control drawn at `position` (the last drawn, where controls overlap).
  func control(at position: Position) -> Int? {
    controls.lastIndex { $0.rect?.contains(position) == true }
  }

  /// Makes each key of `command` run `action` (given the key) on the active screen, and lists
  /// the command in the help when it is listed: the key that runs a command and the help that
  /// names it are one registration. A disabled command binds no key (an earlier binding of its
  /// keys is dropped too, as a later registration wins) and is listed as disabled.
  func addCommand(_ command: KeyCommand, _ action: @escaping @MainActor (KeyEvent) -> Void) {
    guard !isLocked else { return }
    for key in command.keys {
      if command.isEnabled {
        shortcuts[key] = { action(key) }
      } else {
        shortcuts[key] = nil
      }
    }
    if command.isListed { addHelp(HelpEntry(command)) }
  }

  /// Lists a key in the active screen's help; a later listing of the same key replaces the
  /// earlier one, as its shortcut does.
  func addHelp(_ entry: HelpEntry) {
    guard !isLocked else { return }
    help.removeAll { $0.key == entry.key }
    help.append(entry)
  }

  /// Sets what Esc does; the innermost registration wins.
  func setEscape(_ action: @escaping @MainActor () -> Void) {
    guard !isLocked else { return }
    escape = action
  }

  /// Marks the start of a nested screen (a stack element) in the active screen's identity.
  func enterScreen(_ id: AnyHashable) {
    guard !isScreenSettled else { return }
    screen.append(id)
  }

  /// Binds focus of the control at `index` to state.
  func bindFocus(at index: Int, _ binding: FocusBinding) {
    guard !isLocked else { return }
    focusBindings[index] = binding
  }

  /// Asks that the control at `index` take focus when the active screen first shows; the
  /// first such request of a screen wins.
  func setDefaultFocus(at index: Int) {
    guard !isLocked, defaultFocus == nil else { return }
    defaultFocus = index
  }

  /// Starts a modal overlay: everything the screen under it registered is dropped. `nested`
  /// are the screens the content under it entered, drawn with an inert registry (a sheet under
  /// an alert): the overlay's screen is nested in them.
  func beginModal(_ id: AnyHashable, nestedIn nested: [AnyHashable] = []) {
    guard !isScreenSettled else { return }
    guard !isLocked else {
      screen += nested + [id]
      return
    }
    screen += nested
    defaultFocus = nil
    controls.removeAll()
    identityCounts.removeAll()
    shortcuts.removeAll()
    help.removeAll()
    escape = nil
    focusBindings.removeAll()
    mouseRegions.removeAll()
    screen.append(id)
  }

  /// Ends a modal overlay: nothing drawn after it registers.
  func endModal() {
    isLocked = true
    isScreenSettled = true
  }
}
