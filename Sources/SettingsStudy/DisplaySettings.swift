import ComposableTerminalUI

/// How the demo looks: a colour theme, colour on or off, and the help bar on or off.
///
/// For example, `DisplaySettings(theme: .ocean, colorEnabled: false)` keeps the theme but
/// draws without colour.
public struct DisplaySettings: Codable, Equatable, Sendable {
  public var theme: AccentTheme
  public var colorEnabled: Bool
  public var showsHelpBar: Bool

  /// The defaults: the classic theme, colour on, help bar on.
  public init(theme: AccentTheme = .classic, colorEnabled: Bool = true, showsHelpBar: Bool = true) {
    self.theme = theme
    self.colorEnabled = colorEnabled
    self.showsHelpBar = showsHelpBar
  }

  /// These settings with the fields that differ between `old` and `new` set as in `new`: what
  /// a form changed, applied to settings another instance may have changed since.
  ///
  /// For example, `DisplaySettings(theme: .ocean).applying(changesFrom: DisplaySettings(),
  /// to: DisplaySettings(colorEnabled: false))` keeps the ocean theme and turns colour off.
  public func applying(changesFrom old: Self, to new: Self) -> Self {
    var result = self
    if old.theme != new.theme { result.theme = new.theme }
    if old.colorEnabled != new.colorEnabled { result.colorEnabled = new.colorEnabled }
    if old.showsHelpBar != new.showsHelpBar { result.showsHelpBar = new.showsHelpBar }
    return result
  }

  /// One line describing the settings, for a preview.
  public var summary: String {
    "Theme: \(theme.title), colour \(colorEnabled ? "on" : "off"), "
      + "help bar \(showsHelpBar ? "on" : "off")"
  }
}

/// A colour theme: the accent colour of highlights, which the demo gives the whole app's theme
/// (`Theme.withAccent`): the focused control, the selected row, titles and the title bar.
public enum AccentTheme: String, Codable, CaseIterable, Equatable, Sendable {
  case classic, ocean, forest, sunset

  /// The name shown in the settings.
  public var title: String {
    switch self {
    case .classic: "Classic"
    case .ocean: "Ocean"
    case .forest: "Forest"
    case .sunset: "Sunset"
    }
  }

  /// The theme's accent colour; nil for the classic theme, which keeps the app theme's own.
  public var accent: Color? {
    switch self {
    case .classic: nil
    case .ocean: .cyan
    case .forest: .green
    case .sunset: .magenta
    }
  }
}
