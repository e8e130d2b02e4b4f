/// A screen's keyboard shortcuts: one table both dispatches keys and lists them in a help bar.
///
/// For example:
///
/// <!-- context: tui-counter -->
/// ```swift
/// let keys = KeyTable<Counter.Action> {
///   KeyBinding(.character("+"), "increment", .incrementButtonTapped)
///   KeyBinding(.character("-"), "decrement", .decrementButtonTapped)
/// }
/// keys.action(for: .character("+"))  // .incrementButtonTapped
/// keys.helpText                       // "+ increment  - decrement"
/// ```
public struct KeyTable<Action> {
  /// The bindings, in the order they are listed.
  public var bindings: [KeyBinding<Action>]

  /// Creates a table from bindings.
  public init(_ bindings: [KeyBinding<Action>]) {
    self.bindings = bindings
  }

  /// Creates a table from a list of bindings.
  public init(@KeyTableBuilder<Action> _ bindings: () -> [KeyBinding<Action>]) {
    self.bindings = bindings()
  }

  /// The action of the first enabled binding for the key, if any.
  public func action(for key: KeyEvent) -> Action? {
    bindings.first { $0.isEnabled && $0.key == key }?.action
  }

  /// The help bar: each enabled, listed binding as "key label", two spaces apart.
  public var helpText: String {
    bindings.filter { $0.isEnabled && $0.isListed }
      .map { "\(keyName($0.key)) \($0.label)" }
      .joined(separator: "  ")
  }
}

/// One shortcut: a key, what it does in words, and the action it sends.
public struct KeyBinding<Action> {
  /// The key that triggers the action.
  public var key: KeyEvent
  /// What the key does, shown in the help bar.
  public var label: String
  /// The action to send.
  public var action: Action
  /// Whether the key currently works; disabled keys neither dispatch nor show.
  public var isEnabled: Bool
  /// Whether the key shows in the help bar.
  public var isListed: Bool

  /// Creates a binding.
  public init(
    _ key: KeyEvent, _ label: String, _ action: Action, isEnabled: Bool = true,
    isListed: Bool = true
  ) {
    self.key = key
    self.label = label
    self.action = action
    self.isEnabled = isEnabled
    self.isListed = isListed
  }
}

/// Builds the bindings of a `KeyTable`, with `if` and `for` support.
@resultBuilder
public enum KeyTableBuilder<Action> {
  /// One binding.
  public static func buildExpression(_ binding: KeyBinding<Action>) -> [KeyBinding<Action>] {
    [binding]
  }
  /// The statements of a block.
  public static func buildBlock(_ parts: [KeyBinding<Action>]...) -> [KeyBinding<Action>] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [KeyBinding<Action>]?) -> [KeyBinding<Action>] {
    part ?? []
  }
  /// The `if` branch.
  public static func buildEither(first part: [KeyBinding<Action>]) -> [KeyBinding<Action>] {
    part
  }
  /// The `else` branch.
  public static func buildEither(second part: [KeyBinding<Action>]) -> [KeyBinding<Action>] {
    part
  }
  /// A `for` loop.
  public static func buildArray(_ parts: [[KeyBinding<Action>]]) -> [KeyBinding<Action>] {
    parts.flatMap { $0 }
  }
}

/// How a key is written in help text and key tapes: `enter`, `ctrl-c`, `f5`, `+`. The keys
/// with a name of their own are written as `KeyTape.keyNames` names them, which the tape reader
/// reads (TapeKeyNamesTests checks that the two agree; a switch, since help bars name their keys
/// every frame).
public func keyName(_ key: KeyEvent) -> String {
  switch key {
  case .character(" "): return "space"
  case .character(let character): return String(character)
  case .ctrl(let character): return "ctrl-\(character)"
  case .alt(let character): return "alt-\(character)"
  case .enter: return "enter"
  case .tab: return "tab"
  case .backTab: return "shift-tab"
  case .escape: return "esc"
  case .backspace: return "backspace"
  case .delete: return "delete"
  case .up: return "up"
  case .down: return "down"
  case .left: return "left"
  case .right: return "right"
  case .home: return "home"
  case .end: return "end"
  case .pageUp: return "pgup"
  case .pageDown: return "pgdn"
  case .insert: return "insert"
  case .function(let number): return "f\(number)"
  case .paste: return "paste"
  case .resize(let size): return "resize \(size.width)x\(size.height)"
  case .mouse(let event):
    switch event.kind {
    case .press(.left): return "click"
    case .scrollUp, .scrollDown: return "wheel"
    default: return "mouse"
    }
  }
}
