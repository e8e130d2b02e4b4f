extension View {
  /// Gives this view an explicit identity, as SwiftUI's `.id(_:)` does: what its controls keep
  /// between frames (focus, a field's cursor) is keyed under `id`, so it follows the view
  /// wherever it moves among its siblings, and a new `id` makes it a new view (its field's
  /// cursor starts again at the end; focus, if it was there, goes to a neighbour).
  ///
  /// For example, a form for the selected item, fresh whenever another item is selected:
  /// `ItemForm(item: model.selected).id(model.selected.id)`.
  public func id(_ id: some Hashable) -> some View {
    IdentityScope(id: AnyHashable(id), content: primitive(self))
  }
}

/// A view's identity among its siblings: an element's id in a ``ForEach``, a value given to
/// `.id(_:)`, or the branch of an `if`/`else` it was written in. What the views inside keep
/// between frames is keyed under it (with their places in the stacks inside), so
/// focus, text cursors and scroll offsets follow the element, not its position: a row keeps
/// them when rows are inserted above it, and a button shown by an `if` does not take the
/// identity of an identical one after it.
struct IdentityScope: ContainerWidget {
  var id: ScopeID
  let content: any Widget

  init(id: AnyHashable, content: any Widget) {
    self.id = ScopeID(id: id)
    self.content = content
  }

  init(id: ScopeID, content: any Widget) {
    self.id = id
    self.content = content
  }

  var modifiedContent: (any View)? { content }
  var isFlexible: Bool { content.isFlexible }

  func measure(_ proposal: Size, context: RenderContext) -> Size {
    // Under the identity as drawing is: what the content remembers is found by the same key.
    context.session?.enterScope(id)
    defer { context.session?.leaveScope() }
    return content.measure(proposal, context: context)
  }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    guard let session = context.session else {
      content.render(in: rect, into: &buffer, context: context)
      return
    }
    session.enterScope(id)
    defer { session.leaveScope() }
    content.render(in: rect, into: &buffer, context: context)
  }

  /// Each of `views` (flattened as a stack's children are) under `id`: the views written
  /// directly are numbered in order (a branch's or an element's second view is not its
  /// first); the scoped ones (an `if` inside) take no number, so one that comes or goes moves
  /// no other.
  @MainActor
  static func scoping(_ views: [any Widget], under id: AnyHashable) -> [any Widget] {
    var index = 0
    return views.map { view in
      guard Swift.type(of: view) != IdentityScope.self else {
        return IdentityScope(id: ScopeID(id: id, index: -1), content: view)
      }
      defer { index += 1 }
      return IdentityScope(id: ScopeID(id: id, index: index), content: view)
    }
  }

  /// The views of a block's statements, in order, the scoped ones (an `if`'s branch, a `for`
  /// loop's passes, an `.id(_:)`) told from those of the block's other statements by the
  /// statement they are written at.
  @MainActor
  static func placing(_ parts: [[any View]]) -> [any View] {
    guard parts.count > 1 else { return parts.first ?? [] }
    var views: [any View] = []
    views.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for (statement, part) in parts.enumerated() {
      for view in part {
        guard statement > 0 else {
          views.append(view)
          continue
        }
        let type = Swift.type(of: view)
        if type == IdentityScope.self, var scope = view as? IdentityScope {
          scope.id.statement = statement
          views.append(scope)
        } else if type == ForEach<Group>.self, var each = view as? ForEach<Group> {
          // Its elements are told from those of a `ForEach` over the same ids before it.
          each.resolved = each.resolved.map { element in
            guard var scope = element as? IdentityScope else { return element }
            scope.id.statement = statement
            return scope
          }
          views.append(each)
        } else {
          views.append(view)
        }
      }
    }
    return views
  }
}

/// What an ``IdentityScope`` is keyed by: its id, the statement of its block that made it (for
/// the branches of an `if`), and which of the views made there it is.
struct ScopeID: Hashable, CustomStringConvertible {
  var id: AnyHashable
  var statement = 0
  var index = 0

  var description: String {
    statement == 0 && index == 0 ? "\(id.base)" : "\(id.base)@\(statement).\(index)"
  }
}

/// The pass of a `for` loop, or the position of a `ForEach` element without ids, as the
/// identity of the views it made: a pass more or less moves nothing after the loop.
struct Slot: Hashable, CustomStringConvertible {
  let index: Int
  var description: String { "\(index)" }
}

/// The branch of an `if`/`else` views were written in, as their identity.
enum Branch: Hashable, CustomStringConvertible {
  case then
  case otherwise

  var description: String { self == .then ? "if" : "else" }
}
