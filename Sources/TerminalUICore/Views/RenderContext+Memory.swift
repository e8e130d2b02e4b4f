extension RenderContext {
  /// A value a widget stored with ``remember(_:forKey:)`` in an earlier frame of the same
  /// application, or nil (always nil outside an application). Keys are the widget's own in the
  /// views it is in: the same widget in each element of a ``ForEach``, under each `.id(_:)` and
  /// in each branch of an `if` remembers its own values.
  ///
  /// For example, a scrolling widget keeps its offset between frames under a key of its own
  /// type:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// struct OffsetKey: Hashable { let control: Int }
  /// let offset = context.remembered(OffsetKey(control: index), as: Int.self) ?? 0
  /// context.remember(offset + 1, forKey: OffsetKey(control: index))
  /// ```
  public func remembered<Value>(_ key: some Hashable, as type: Value.Type = Value.self) -> Value? {
    guard let session else { return nil }
    return session.memory[session.scopedKey(AnyHashable(key)), as: type]
  }

  /// The object a widget keeps under `key` between frames of the same application, made with
  /// `make` the first time (and every time outside an application, where nothing is kept): a
  /// box of state that the widget's key handlers change later, the way a scroll offset or a
  /// text cursor lives as long as the view, as SwiftUI's `@State` does. Keys are scoped as
  /// ``remembered(_:as:)``'s are.
  ///
  /// For example, a cursor that the key handler moves and the next frame draws:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// final class Cursor { var offset = 0 }
  /// struct CursorKey: Hashable {}
  /// let cursor = context.remembered(CursorKey()) { Cursor() }
  /// context.addControl { key in
  ///   guard key == .right else { return false }
  ///   cursor.offset += 1
  ///   return true
  /// }
  /// ```
  // Inlined into the caller (a widget of another module), so that only the look-up, which
  // needs no generic type, is a call.
  @inlinable
  public func remembered<Object: AnyObject>(
    _ key: some Hashable, orMake make: () -> Object
  ) -> Object {
    let key = AnyHashable(key)
    if let kept = rememberedObject(key) as? Object { return kept }
    let made = make()
    rememberObject(made, key)
    return made
  }

  /// The object remembered under `key` where the view being drawn is, if any.
  @usableFromInline
  func rememberedObject(_ key: AnyHashable) -> AnyObject? {
    guard let session else { return nil }
    return session.memory[session.scopedKey(key), as: AnyObject.self]
  }

  /// Remembers `object` under `key` where the view being drawn is.
  @usableFromInline
  func rememberObject(_ object: AnyObject, _ key: AnyHashable) {
    guard let session else { return }
    session.memory[session.scopedKey(key), as: AnyObject.self] = object
  }

  /// Keeps what the views under `id` remember (``scoped(_:_:)``'s `id`), though this frame does
  /// not draw them: a tab not shown keeps its scroll offsets and cursors for when it shows
  /// again. What no frame draws or keeps is forgotten after the frame.
  ///
  /// For example, `context.keepRemembered(under: otherPage)` for each page not shown.
  public func keepRemembered(under id: some Hashable) {
    session?.keepMemory(under: id)
  }

  /// Builds a widget's content once per frame: `make`'s result for `key` (something that tells
  /// this content apart from the widget's other contents, the selected tab say) at `rect`.
  /// When a frame is laid out twice (focus moved to another screen while it was laid out), the
  /// second layout gets what the first built instead of evaluating the views' bodies again.
  ///
  /// For example, a widget showing one of its pages:
  ///
  /// <!-- context: tui-widget-render -->
  /// ```swift
  /// let page = context.build(PageKey(index: current), in: rect) { pages[current]() }
  /// context.render(page, in: rect, into: &buffer)
  /// ```
  public func build<Content>(
    _ key: some Hashable, in rect: Rect, _ make: () -> Content
  ) -> Content {
    guard let builds = session?.builds else { return make() }
    let userKey = AnyHashable(key)
    let key = AnyHashable(BuildKey(key: userKey, rect: rect))
    // Looked up by presence first: a built `nil` (an optional content) is kept too.
    if let built = builds.values[key], let content = built as? Content { return content }
    let built: Content
    if let graph = ViewGraph.current {
      graph.session = session
      built = graph.building(userKey, make)
    } else {
      built = make()
    }
    builds.values[key] = built as Any
    return built
  }

  /// Stores a value for later frames under `key` (a key of the widget's own type keeps it apart
  /// from other widgets'); storing nil forgets it.
  ///
  /// For example, `context.remember(3, forKey: OffsetKey(control: 0))`.
  public func remember<Value>(_ value: Value?, forKey key: some Hashable) {
    guard let session else { return }
    session.memory[session.scopedKey(AnyHashable(key)), as: Value.self] = value
  }
}

/// What a ``RenderContext/build(_:in:_:)`` result is kept under.
private struct BuildKey: Hashable {
  let key: AnyHashable
  let rect: Rect
}

/// Names one instance of a widget among the widgets of a frame, for the contents it builds with
/// ``RenderContext/build(_:in:_:)``: two sheets or two tab views drawn at the same place keep
/// their contents apart. A widget holds one as a stored property, made with the widget, so a
/// frame laid out twice draws the same instances twice. A key holds its token, so no other
/// token can take its address while the frame keeps what it built.
///
/// For example, a widget's pages built once per frame:
///
/// <!-- context: tui-widget-render -->
/// ```swift
/// struct PageKey: Hashable { let widget: BuildToken; let index: Int }
/// let token = BuildToken()
/// let page = context.build(PageKey(widget: token, index: 0), in: rect) { Text("Page 1") }
/// context.render(page, in: rect, into: &buffer)
/// ```
public final class BuildToken: Hashable, Sendable {
  /// A token unlike any other.
  public init() {}

  /// Whether the two are the same token.
  public static func == (lhs: BuildToken, rhs: BuildToken) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
