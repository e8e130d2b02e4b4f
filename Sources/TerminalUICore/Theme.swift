/// Named styles that widgets draw with, so that an application changes how every widget looks in
/// one place: the accent, muted text, errors, the focused control, the selected row, titles,
/// borders.
///
/// For example, an application in the light theme with a green accent:
///
/// <!-- context: tui-counter-model -->
/// ```swift
/// let app = Application(backend: backend, theme: Theme.light.withAccent(.green)) {
///   CounterView(model: model)
/// }
/// ```
///
/// and a view that draws with the theme's styles rather than with colours of its own:
///
/// ```swift
/// Text("⚠ That email is taken").style(.danger)
/// ```
///
/// Themes are written in 24-bit colour; an application draws them at the depth of its terminal
/// (``ColorDepth``), and with `NO_COLOR` only their attributes remain: the focused control stays
/// reversed and the muted text dim.
public struct Theme: Hashable, Sendable {
  /// A named style of a theme.
  public enum Role: String, Hashable, Sendable, CaseIterable {
    /// What stands out: a value to notice, a title.
    case accent
    /// What recedes: hints, the help bar, placeholders, scroll marks, disabled controls.
    case muted
    /// Errors and destructive choices.
    case danger
    /// Something that went well.
    case success
    /// Something to be careful about.
    case warning
    /// The focused control: a button, a toggle, a closed picker.
    case focus
    /// The selected row of a focused list, table or popup, and the selected tab.
    case selection
    /// The selected row of a list or table without focus.
    case inactiveSelection
    /// The title of a box, a sheet or an alert.
    case title
    /// The frame of a box.
    case border
    /// A table's column titles.
    case header
    /// A text field or editor with focus.
    case input
    /// A navigation stack's title bar.
    case bar
  }

  /// The theme's name, for example `dark`.
  public var name: String
  /// What stands out.
  public var accent: Style
  /// What recedes.
  public var muted: Style
  /// Errors.
  public var danger: Style
  /// Success.
  public var success: Style
  /// Warnings.
  public var warning: Style
  /// The focused control.
  public var focus: Style
  /// The selected row of a focused list.
  public var selection: Style
  /// The selected row of a list without focus.
  public var inactiveSelection: Style
  /// Titles of boxes and overlays.
  public var title: Style
  /// Frames of boxes.
  public var border: Style
  /// Column titles.
  public var header: Style
  /// A focused text field or editor.
  public var input: Style
  /// A navigation stack's title bar.
  public var bar: Style

  /// A theme whose every role has the same style (`.plain` by default), to change role by role.
  ///
  /// For example, `Theme(name: "mine").with(.danger, Style(bold: true))`.
  public init(name: String, style: Style = .plain) {
    self.name = name
    accent = style
    muted = style
    danger = style
    success = style
    warning = style
    focus = style
    selection = style
    inactiveSelection = style
    title = style
    border = style
    header = style
    input = style
    bar = style
  }

  /// The style of a role.
  ///
  /// For example, `Theme.dark[.focus]` is reversed in the accent colour.
  public subscript(role: Role) -> Style {
    get {
      switch role {
      case .accent: accent
      case .muted: muted
      case .danger: danger
      case .success: success
      case .warning: warning
      case .focus: focus
      case .selection: selection
      case .inactiveSelection: inactiveSelection
      case .title: title
      case .border: border
      case .header: header
      case .input: input
      case .bar: bar
      }
    }
    set {
      switch role {
      case .accent: accent = newValue
      case .muted: muted = newValue
      case .danger: danger = newValue
      case .success: success = newValue
      case .warning: warning = newValue
      case .focus: focus = newValue
      case .selection: selection = newValue
      case .inactiveSelection: inactiveSelection = newValue
      case .title: title = newValue
      case .border: border = newValue
      case .header: header = newValue
      case .input: input = newValue
      case .bar: bar = newValue
      }
    }
  }

  /// The same theme with one role's style changed.
  ///
  /// For example, `Theme.dark.with(.border, Style(foreground: .blue))`.
  public func with(_ role: Role, _ style: Style) -> Theme {
    var theme = self
    theme[role] = style
    return theme
  }

  /// The same theme with another accent colour: every role drawn in the accent's colour
  /// (the accent, focus, selection, titles, the title bar) takes `color` instead.
  ///
  /// For example, `Theme.dark.withAccent(.magenta)`.
  public func withAccent(_ color: Color) -> Theme {
    let old = accent.foreground
    var theme = self
    for role in Role.allCases {
      var style = theme[role]
      if style.foreground == old { style.foreground = color }
      if style.background == old { style.background = color }
      theme[role] = style
    }
    return theme
  }

  /// For a terminal with a dark background: light colours, a blue accent.
  public static let dark = Theme.make(
    name: "dark", accent: .rgb(0x5f, 0xaf, 0xff), danger: .rgb(0xff, 0x5f, 0x5f),
    success: .rgb(0x5f, 0xd7, 0x5f), warning: .rgb(0xff, 0xd7, 0x5f),
    border: .rgb(0x6c, 0x6c, 0x6c))

  /// For a terminal with a light background: dark colours, a deep blue accent.
  public static let light = Theme.make(
    name: "light", accent: .rgb(0x00, 0x5f, 0xd7), danger: .rgb(0xd7, 0x00, 0x00),
    success: .rgb(0x00, 0x87, 0x00), warning: .rgb(0xaf, 0x87, 0x00),
    border: .rgb(0x8a, 0x8a, 0x8a))

  /// The built-in themes: dark and light.
  public static let all = [dark, light]

  /// The built-in theme called `name` (`dark` or `light`), or nil.
  ///
  /// For example, `Theme.named("light")` is ``light``.
  public static func named(_ name: String) -> Theme? {
    all.first { $0.name == name.lowercased() }
  }

  /// The theme for the terminal's background as `COLORFGBG` tells it (set by rxvt, Konsole and
  /// others as `foreground;background`): light on a white or light grey background (7 or 15),
  /// dark otherwise and when the variable is missing.
  ///
  /// For example, `Theme.automatic(environment: ["COLORFGBG": "0;15"])` is ``light``.
  public static func automatic(environment: [String: String]) -> Theme {
    let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap { Int($0) }
    return background == 7 || background == 15 ? .light : .dark
  }

  private static func make(
    name: String, accent: Color, danger: Color, success: Color, warning: Color, border: Color
  ) -> Theme {
    var theme = Theme(name: name)
    theme.accent = Style(foreground: accent)
    theme.muted = Style(dim: true)
    theme.danger = Style(bold: true, foreground: danger)
    theme.success = Style(foreground: success)
    theme.warning = Style(foreground: warning)
    theme.focus = Style(reverse: true, foreground: accent)
    theme.selection = Style(reverse: true, foreground: accent)
    theme.inactiveSelection = Style(bold: true, foreground: accent)
    theme.title = Style(bold: true, foreground: accent)
    theme.border = Style(foreground: border)
    theme.header = Style(bold: true, underline: true)
    theme.input = Style(underline: true)
    theme.bar = Style(reverse: true, foreground: accent)
    return theme
  }
}

extension Style {
  /// This style with `other` drawn over it: attributes either sets, and `other`'s colours where
  /// it has any.
  ///
  /// For example, `Theme.dark.danger.merged(with: Style(underline: true))` is bold, underlined
  /// and red.
  public func merged(with other: Style) -> Style {
    Style(
      bold: bold || other.bold, dim: dim || other.dim, underline: underline || other.underline,
      reverse: reverse || other.reverse,
      foreground: other.foreground == .default ? foreground : other.foreground,
      background: other.background == .default ? background : other.background)
  }
}
