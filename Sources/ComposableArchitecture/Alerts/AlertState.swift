import Foundation

/// A description of an alert: a title, an optional message, and buttons that send actions.
///
/// <!-- context: arch-alert-feature -->
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete \(item.name)?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// } message: {
///   TextState("This can't be undone.")
/// }
/// ```
///
/// Alert state is a plain value to keep in reducer state (usually as an optional field set when
/// the alert should show and cleared when it is dismissed). It is equatable, hashable and sendable
/// when `Action` is, so tests can assert on it; button identities play no part in equality. An
/// alert with no buttons is shown by renderers with a single "OK" button that only dismisses.
public struct AlertState<Action>: Identifiable {
  /// Tells this alert from another with the same text: a new alert gets a new id, so a button
  /// whose action presents another alert leaves that one on screen. Equality ignores it.
  public let id: UUID
  /// The alert's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in the order they should be shown.
  public var buttons: [ButtonState<Action>]

  /// An alert from its parts.
  ///
  /// <!-- context: arch-alert-builder -->
  /// ```swift
  /// AlertState(title: "Saved", message: "Your changes were saved.")
  /// ```
  @inlinable
  public init(
    title: TextState,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.init(id: UUID(), title: title, message: message, buttons: buttons)
  }

  @usableFromInline
  init(id: UUID, title: TextState, message: TextState?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// An alert built from closures, with buttons from a ``ButtonStateBuilder``.
  ///
  /// <!-- context: arch-alert-builder -->
  /// ```swift
  /// AlertState {
  ///   TextState("Couldn't load")
  /// } actions: {
  ///   ButtonState(action: .retry) { TextState("Retry") }
  /// } message: {
  ///   TextState(error.localizedDescription)
  /// }
  /// ```
  @inlinable
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title(), message: message?(), buttons: actions())
  }

  /// The same alert, with every button's action turned into another action type.
  ///
  /// <!-- context: arch-parent-child -->
  /// ```swift
  /// state.alert = childAlert.map(Parent.Action.child)
  /// ```
  ///
  /// Buttons keep their identities, labels and roles; buttons without an action stay without.
  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id,
      title: title,
      message: message,
      buttons: buttons.map { $0.map(transform) }
    )
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [(label: "title", value: title)]
    if let message {
      children.append((label: "message", value: message))
    }
    if !buttons.isEmpty {
      children.append((label: "buttons", value: buttons))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
