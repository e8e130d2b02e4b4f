extension KeyTape {
  /// The key a name stands for: the inverse of `keyName(_:)`. A name of ``keyNames``, or one
  /// made by a pattern of ``keyNamePatterns``; `nil` for any other.
  public static func key(named name: String) -> KeyEvent? {
    if let key = keysByName[name] { return key }
    if name.count == 1, let character = name.first { return .character(character) }
    if name.hasPrefix("ctrl-"), name.count == 6, let character = name.last {
      return .ctrl(Character(character.lowercased()))
    }
    if name.hasPrefix("alt-"), name.count == 5, let character = name.last {
      return .alt(character)
    }
    if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number) {
      return .function(number)
    }
    return nil
  }

  private static let keysByName = Dictionary(
    uniqueKeysWithValues: keyNames.map { ($0.name, $0.key) })

  /// Why `name` is not a key, and the name meant when it is another spelling of one: `escape`
  /// is written `esc`, `Ctrl+C` is written `ctrl-c`.
  static func unknownKeyMessage(_ name: String) -> String {
    guard let meant = suggestedName(for: name) else { return "unknown key \"\(name)\"" }
    return "unknown key \"\(name)\" (did you mean \"\(meant)\"?)"
  }

  /// The name of the key another spelling means: other words for a key (`escape`, `return`,
  /// `pagedown`), other letter cases (`Enter`, `F5`), or a modifier written another way
  /// (`Ctrl+C`, `control-c`, `^C`, `meta-b`). Never a key in itself: a tape spells each key
  /// one way.
  static func suggestedName(for name: String) -> String? {
    let lowered = name.lowercased()
    if lowered.count == 2, lowered.first == "^", let character = lowered.last {
      return "ctrl-\(character)"
    }
    // A modifier, a separator and one character: `Ctrl+C`, `control-c`, `Meta-b`.
    if name.count >= 3, let character = name.last {
      let head = name.dropLast()
      if let separator = head.last, "-+_".contains(separator),
        let modifier = modifierSpellings[head.dropLast().lowercased()]
      {
        let meant = modifier + (modifier == "ctrl-" ? character.lowercased() : String(character))
        if key(named: meant) != nil { return meant }
      }
    }
    let spelled = String(lowered.map { $0 == "+" || $0 == "_" ? "-" : $0 })
    if spelled != name, key(named: spelled) != nil { return spelled }
    return otherSpellings[spelled]
  }

  /// How other tools and keyboards write the modifiers, and the tape's prefix for each.
  private static let modifierSpellings: [String: String] = [
    "ctrl": "ctrl-", "control": "ctrl-", "c": "ctrl-",
    "alt": "alt-", "meta": "alt-", "m": "alt-", "option": "alt-",
  ]

  /// Other names of the named keys, and the tape's name for each.
  private static let otherSpellings: [String: String] = [
    "escape": "esc", "return": "enter", "pagedown": "pgdn", "page-down": "pgdn",
    "pgdown": "pgdn", "pageup": "pgup", "page-up": "pgup", "backtab": "shift-tab",
    "back-tab": "shift-tab", "del": "delete", "ins": "insert", "bs": "backspace",
    "spacebar": "space",
  ]
}

extension KeyTape {
  /// A key name of the tape format: how a `key` step and a help bar write a key.
  ///
  /// For example, `KeyTape.keyNames.first { $0.key == .pageDown }?.name` is `pgdn`.
  public struct KeyName: Hashable, Sendable {
    /// How a tape writes the key (`esc`), or, for a pattern, its form (`ctrl-X`).
    public let name: String
    /// The key in words, as a keyboard labels it (`Esc`, `Page Down`).
    public let meaning: String
    /// A name the tape reads: `name` itself, or, for a pattern, one name it makes (`ctrl-c`).
    public let example: String
    /// The key `example` stands for.
    public let key: KeyEvent

    init(_ name: String, _ meaning: String, _ key: KeyEvent, example: String? = nil) {
      self.name = name
      self.meaning = meaning
      self.example = example ?? name
      self.key = key
    }
  }

  /// The keys with a name of their own, in the order the tape format's article lists them:
  /// ``key(named:)`` reads these names and `keyName(_:)` writes them, so the two cannot
  /// disagree.
  ///
  /// For example, `KeyTape.key(named: "esc")` is `.escape` and `keyName(.escape)` is `esc`;
  /// `escape` is no key's name.
  public static let keyNames: [KeyName] = [
    KeyName("enter", "Enter (Return)", .enter),
    KeyName("tab", "Tab", .tab),
    KeyName("shift-tab", "Shift-Tab", .backTab),
    KeyName("esc", "Esc", .escape),
    KeyName("backspace", "Backspace", .backspace),
    KeyName("delete", "Delete (forward)", .delete),
    KeyName("insert", "Insert", .insert),
    KeyName("up", "↑", .up),
    KeyName("down", "↓", .down),
    KeyName("left", "←", .left),
    KeyName("right", "→", .right),
    KeyName("home", "Home", .home),
    KeyName("end", "End", .end),
    KeyName("pgup", "Page Up", .pageUp),
    KeyName("pgdn", "Page Down", .pageDown),
    KeyName("space", "the space bar", .character(" ")),
  ]

  /// The names made by a pattern, each with one name it makes: `ctrl-X`, `alt-X`, `f1` to
  /// `f12`, and a single character. A name of ``keyNames`` is never read by a pattern.
  ///
  /// For example, the pattern `ctrl-X` makes `ctrl-c`, which is `.ctrl("c")`.
  public static let keyNamePatterns: [KeyName] = [
    KeyName(
      "ctrl-X", "Ctrl with the character X (`ctrl-C` reads as `ctrl-c`)", .ctrl("c"),
      example: "ctrl-c"),
    KeyName("alt-X", "Alt (Meta) with the character X", .alt("b"), example: "alt-b"),
    KeyName("fN", "the function key N, from `f1` to `f12`", .function(5), example: "f5"),
    KeyName(
      "X", "the character X typed: any one character but a space (`+`, `q`, `é`)",
      .character("+"), example: "+"),
  ]
}
