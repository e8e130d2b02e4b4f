/// The part a button plays in an alert or a confirmation dialog.
///
/// <!-- context: arch-alert-buttons -->
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ```
///
/// Renderers use the role to style the button and to decide what dismissing the alert means: a
/// `.cancel` button is the one "pressed" when the alert is dismissed without a choice.
public enum ButtonStateRole: Hashable, Sendable {
  /// A button that dismisses the alert without doing anything else.
  case cancel
  /// A button that deletes data or does something else that can't be undone.
  case destructive
}

/// What tapping a button does: send an action to the store, or nothing.
///
/// <!-- context: arch-alert-buttons -->
/// ```swift
/// ButtonState(action: .send(.confirmDeletion)) { TextState("Delete") }
/// ```
///
/// Passing an action directly (`ButtonState(action: .confirmDeletion) { ... }`) is the same as
/// passing `.send(.confirmDeletion)`. A button without an action still dismisses the alert.
public struct ButtonStateAction<Action> {
  /// The action the button sends, or `nil` when the button only dismisses.
  public let action: Action?
  /// The animation the action is sent with, if one was given (a terminal draws none).
  public let animation: Animation?

  @usableFromInline
  init(action: Action?, animation: Animation? = nil) {
    self.action = action
    self.animation = animation
  }

  /// Sends `action` to the store when the button is tapped; `nil` sends nothing.
  @inlinable
  public static func send(_ action: Action?) -> Self {
    Self(action: action)
  }

  /// Sends `action` with an animation when the button is tapped, as upstream's
  /// `.send(_:animation:)`: the animation is kept, and changes nothing in a terminal.
  ///
  /// <!-- context: arch-alert-buttons -->
  /// ```swift
  /// ButtonState(action: .send(.confirmDeletion, animation: .default)) { TextState("Delete") }
  /// ```
  @inlinable
  public static func send(_ action: Action?, animation: Animation?) -> Self {
    Self(action: action, animation: animation)
  }

  /// The same behavior, with the action, if any, turned into another action type.
  ///
  /// <!-- context: arch-parent-child -->
  /// ```swift
  /// let parentAction = buttonAction.map(Parent.Action.alert)
  /// ```
  @inlinable
  public func map<NewAction>(
    _ transform: (Action) -> NewAction
  ) -> ButtonStateAction<NewAction> {
    ButtonStateAction<NewAction>(action: action.map(transform), animation: animation)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {}
extension ButtonStateAction: Hashable where Action: Hashable {}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    // Unwrapped, so a payload-free action prints on one line: `.send(.confirm)`.
    let payload: Any = action.map { $0 as Any } ?? action as Any
    guard let animation else {
      return Mirror(self, children: ["send": payload], displayStyle: .enum)
    }
    return Mirror(
      self, children: ["animatedSend": (action: payload, animation: animation.name)],
      displayStyle: .enum)
  }
}

/// The identity of a ``ButtonState``, for renderers that keep track of buttons across updates.
///
/// Each call of a `ButtonState` initializer gets a fresh identity from a process-wide counter;
/// copies of a button, and buttons made from it with `map`, share it. Identities never take part
/// in equality or hashing of buttons.
public struct ButtonStateID: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  let rawValue: Int

  @usableFromInline
  init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// A fresh identity, different from every other one made in this process.
  @usableFromInline
  static func next() -> Self {
    let rawValue = nextButtonStateID.withValue { id in
      id += 1
      return id
    }
    return Self(rawValue: rawValue)
  }

  public var description: String { "ButtonStateID(\(rawValue))" }
}

@usableFromInline
let nextButtonStateID = LockIsolated(0)

/// A button of an alert or a confirmation dialog: a label, an optional role, and the action it
/// sends when tapped.
///
/// <!-- context: arch-alert-buttons -->
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) {
///   TextState("Cancel")
/// }
/// ```
///
/// `action` is a ``ButtonStateAction``: read the action with `button.action.action`, or run it
/// with ``withAction(_:)``. Two buttons are equal when their roles, actions and labels are equal;
/// their ``id``s are ignored, so a button built twice from the same values compares equal in
/// tests.
public struct ButtonState<Action>: Identifiable {
  public typealias ID = ButtonStateID

  /// The button's identity, fresh for every initializer call and ignored by equality.
  public let id: ID
  /// What tapping the button does.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// How the button is styled and whether it is the cancel button, if it plays a special part.
  public let role: ButtonStateRole?

  @usableFromInline
  init(
    id: ID,
    action: ButtonStateAction<Action>,
    label: TextState,
    role: ButtonStateRole?
  ) {
    self.id = id
    self.action = action
    self.label = label
    self.role = role
  }

  /// A button that does `action` when tapped.
  ///
  /// <!-- context: arch-alert-buttons -->
  /// ```swift
  /// ButtonState(action: .send(.retry)) { TextState("Retry") }
  /// ```
  @inlinable
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action>,
    label: () -> TextState
  ) {
    self.init(id: .next(), action: action, label: label(), role: role)
  }

  /// A button that sends `action` when tapped.
  ///
  /// <!-- context: arch-alert-buttons -->
  /// ```swift
  /// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  /// ```
  @inlinable
  public init(
    role: ButtonStateRole? = nil,
    action: Action,
    label: () -> TextState
  ) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// A button that sends nothing and only dismisses the alert, such as a cancel button.
  ///
  /// <!-- context: arch-alert-buttons -->
  /// ```swift
  /// ButtonState(role: .cancel) { TextState("Cancel") }
  /// ```
  @inlinable
  public init(
    role: ButtonStateRole? = nil,
    label: () -> TextState
  ) {
    self.init(role: role, action: .send(nil), label: label)
  }

  /// Calls `perform` with the button's action, or with `nil` when the button has none.
  ///
  /// <!-- context: counter-store, arch-button -->
  /// ```swift
  /// button.withAction { action in
  ///   if let action { store.send(action) }
  /// }
  /// ```
  ///
  /// `perform` is called exactly once, synchronously.
  @inlinable
  public func withAction(_ perform: (Action?) -> Void) {
    perform(action.action)
  }

  /// The same button, with its action, if any, turned into another action type.
  ///
  /// <!-- context: arch-parent-child -->
  /// ```swift
  /// let button: ButtonState<Parent.Action> = childButton.map(Parent.Action.alert)
  /// ```
  ///
  /// The new button keeps the ``id``, label and role.
  @inlinable
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(id: id, action: action.map(transform), label: label, role: role)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(role)
    hasher.combine(action)
    hasher.combine(label)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role {
      children.append((label: "role", value: role))
    }
    if action.action != nil {
      children.append((label: "action", value: action))
    }
    children.append((label: "label", value: label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
