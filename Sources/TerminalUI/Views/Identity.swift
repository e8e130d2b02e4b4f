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
/// `.id(_:)`, or the branch of an `if`/`else` it was written in. The controls inside register
/// under it (`Row 7/field:Title#0`), so focus and text cursors follow the element, not its
/// position: a row keeps them when rows are inserted above it, and a button shown by an `if`
/// does not take the identity of an identical one after it.
struct IdentityScope: ContainerWidget {
  let id: AnyHashable
  let content: any Widget

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

  /// Each of `views`, flattened as a stack's children are, under `id`.
  @MainActor
  static func scoping(_ views: [any View], under id: AnyHashable) -> [any View] {
    flattened(views).map { IdentityScope(id: id, content: $0) }
  }
}

/// The branch of an `if`/`else` views were written in, as their identity.
enum Branch: Hashable, CustomStringConvertible {
  case then
  case otherwise

  var description: String { self == .then ? "if" : "else" }
}
