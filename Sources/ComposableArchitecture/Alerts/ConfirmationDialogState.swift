import Foundation

/// Whether a confirmation dialog shows its title.
///
/// <!-- context: arch-dialog-builder -->
/// ```swift
/// ConfirmationDialogState(titleVisibility: .visible) { TextState("Share") } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
/// }
/// ```
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// The renderer decides.
  case automatic
  /// The title is not shown.
  case hidden
  /// The title is shown.
  case visible
}

/// A description of a confirmation dialog: a title, an optional message, and a list of choices
/// that send actions.
///
/// <!-- context: arch-alert-feature -->
/// ```swift
/// state.confirmationDialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share photo")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("Choose what to do with the photo.")
/// }
/// ```
///
/// Like ``AlertState``, it is a plain value for reducer state: equatable, hashable and sendable
/// when `Action` is, with button identities ignored by equality.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// Tells this dialog from another with the same text, as ``AlertState/id`` does. Equality
  /// ignores it.
  public let id: UUID
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The dialog's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The choices, in the order they should be shown.
  public var buttons: [ButtonState<Action>]

  /// A dialog from its parts.
  ///
  /// <!-- context: arch-dialog-builder -->
  /// ```swift
  /// ConfirmationDialogState(title: "Sort by", buttons: sortButtons)
  /// ```
  @inlinable
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: TextState,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.init(
      id: UUID(), titleVisibility: titleVisibility, title: title, message: message,
      buttons: buttons)
  }

  @usableFromInline
  init(
    id: UUID,
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: TextState,
    message: TextState?,
    buttons: [ButtonState<Action>]
  ) {
    self.id = id
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// A dialog built from closures, with buttons from a ``ButtonStateBuilder``.
  ///
  /// <!-- context: arch-dialog-builder -->
  /// ```swift
  /// ConfirmationDialogState {
  ///   TextState("Sort by")
  /// } actions: {
  ///   for order in SortOrder.allCases {
  ///     ButtonState(action: .sort(order)) { TextState(order.name) }
  ///   }
  /// }
  /// ```
  @inlinable
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      titleVisibility: titleVisibility,
      title: title(),
      message: message?(),
      buttons: actions()
    )
  }

  /// The same dialog, with every button's action turned into another action type.
  ///
  /// <!-- context: arch-parent-child -->
  /// ```swift
  /// state.confirmationDialog = childDialog.map(Parent.Action.child)
  /// ```
  ///
  /// Buttons keep their identities, labels and roles; buttons without an action stay without.
  @inlinable
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      id: id,
      titleVisibility: titleVisibility,
      title: title,
      message: message,
      buttons: buttons.map { $0.map(transform) }
    )
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.titleVisibility == rhs.titleVisibility && lhs.title == rhs.title
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(titleVisibility)
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [
      (label: "titleVisibility", value: titleVisibility),
      (label: "title", value: title),
    ]
    if let message {
      children.append((label: "message", value: message))
    }
    if !buttons.isEmpty {
      children.append((label: "buttons", value: buttons))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
