extension FocusSession {
  /// A key in the help: its name as shown, what it does, and the keys behind the name (empty
  /// when only the name is known).
  struct HelpEntry {
    var key: String
    var label: String
    var keys: [KeyEvent] = []
    /// Whether its keys work now: a disabled entry is listed, muted, in the `?` overlay and
    /// the palette only.
    var isEnabled = true

    /// The entry that lists `command`.
    init(_ command: KeyCommand) {
      self.init(
        key: command.keyLabel, label: command.name, keys: command.keys,
        isEnabled: command.isEnabled)
    }

    init(key: String, label: String, keys: [KeyEvent] = [], isEnabled: Bool = true) {
      self.key = key
      self.label = label
      self.keys = keys
      self.isEnabled = isEnabled
    }

    /// As the help bar writes it: `e export`, or `home/end` when the key's name says it.
    var text: String { label.isEmpty ? key : key + " " + label }
    /// What it does as the `?` overlay and the palette list it, saying when it is disabled.
    var listedLabel: String { TerminalUICore.listedLabel(label, isEnabled: isEnabled) }
  }
}
