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

  /// Creates a command run by `keys`, listed as `keyLabel` (or the keys' names) and `name`.
  public init(
    _ name: String, keys: [KeyEvent], shownAs keyLabel: String? = nil, isListed: Bool = true
  ) {
    self.name = name
    self.keys = keys
    self.keyLabel = keyLabel ?? keys.map(keyName).joined(separator: "/")
    self.isListed = isListed
  }

  /// The command as the help lists it: `e export`, or `home/end` for one with no name.
  public var helpText: String { name.isEmpty ? keyLabel : keyLabel + " " + name }
}
