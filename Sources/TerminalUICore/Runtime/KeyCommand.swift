/// A named command: what a key does, as the help bar, the `?` overlay and the command palette
/// list it. A layer over the app that takes the keys (an inspector) names its commands this way
/// (``KeyInterceptor/commands(in:)``), so that the help bar lists what it does, not what the
/// screen under it would do.
///
/// For example, `KeyCommand("export", keys: [.character("e")])` is listed as `e export`, and
/// `KeyCommand("step", keys: [.left, .right], shownAs: "←/→")` as `←/→ step`.
public struct KeyCommand: Hashable, Sendable {
  /// What the command does, in words; empty when the key's name says it (`home/end`).
  public var name: String
  /// The keys that run it.
  public var keys: [KeyEvent]
  /// How its keys are written in the help: their names joined by `/` unless given.
  public var keyLabel: String
  /// Whether it is listed in the help bar.
  public var isListed: Bool
  /// Whether its keys work now. A disabled command is still listed, muted, in the `?` overlay
  /// and the command palette (which does not run it), so the user learns it exists; the help
  /// bar, which lists what acts now, leaves it out, and its keys go on as if it were not there.
  public var isEnabled = true

  /// Creates a command run by `keys`, listed as `keyLabel` (or the keys' names) and `name`.
  public init(
    _ name: String, keys: [KeyEvent], shownAs keyLabel: String? = nil, isListed: Bool = true
  ) {
    self.name = name
    self.keys = keys
    self.keyLabel = keyLabel ?? keys.map(keyName).joined(separator: "/")
    self.isListed = isListed
  }

  /// The same command, disabled when `isDisabled` is true.
  ///
  /// For example, `KeyCommand("save", keys: [.ctrl("s")]).disabled(!model.hasChanges)`.
  public func disabled(_ isDisabled: Bool) -> KeyCommand {
    var copy = self
    copy.isEnabled = !isDisabled
    return copy
  }

  /// The command as the help lists it: `e export`, or `home/end` for one with no name.
  public var helpText: String { name.isEmpty ? keyLabel : keyLabel + " " + name }
}

/// What a command does as the `?` overlay and the command palette list it, saying when it is
/// disabled.
func listedLabel(_ label: String, isEnabled: Bool) -> String {
  isEnabled ? label : label + " (unavailable)"
}
