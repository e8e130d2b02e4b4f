/// SwiftUI's colour names, and colours named as an asset catalog names them, so view code ported
/// from upstream (`theme.mainColor`, `Color("bubblegum")`, `.orange`) compiles and draws in
/// colour.
extension Color {
  /// The terminal's text colour (SwiftUI's primary style).
  public static let primary = Color.default
  /// A dimmer grey for secondary text.
  public static let secondary = Color.brightBlack
  /// The terminal's own colour: a terminal cell cannot be transparent.
  public static let clear = Color.default
  /// Grey.
  public static let gray = Color.brightBlack
  /// Orange (256-colour palette entry 208).
  public static let orange = Color.indexed(208)
  /// Pink (palette entry 211).
  public static let pink = Color.indexed(211)
  /// Purple (palette entry 135).
  public static let purple = Color.indexed(135)
  /// Indigo (palette entry 61).
  public static let indigo = Color.indexed(61)
  /// Mint (palette entry 121).
  public static let mint = Color.indexed(121)
  /// Teal (palette entry 37).
  public static let teal = Color.indexed(37)
  /// Brown (palette entry 130).
  public static let brown = Color.indexed(130)
  /// The colour controls are drawn in: blue.
  public static let accentColor = Color.blue

  /// A colour by name, as SwiftUI finds one in an asset catalog: SwiftUI's colour names
  /// (`"orange"`, `"teal"`, any case) give that colour; any other name gives a colour of the
  /// 256-colour palette's cube picked from the name, the same in every run, so that different
  /// names tend to look different.
  ///
  /// ```swift
  /// Text("Daily standup").foregroundColor(Color("bubblegum"))
  /// ```
  public init(_ name: String) {
    self = Self.named[name.lowercased()] ?? Self.picked(from: name)
  }

  private static let named: [String: Color] = [
    "black": .black, "white": .brightWhite, "gray": .gray, "grey": .gray, "red": .red,
    "green": .green, "yellow": .yellow, "blue": .blue, "cyan": .cyan, "magenta": .magenta,
    "orange": .orange, "pink": .pink, "purple": .purple, "indigo": .indigo, "mint": .mint,
    "teal": .teal, "brown": .brown, "primary": .primary, "secondary": .secondary,
    "clear": .clear, "accentcolor": .accentColor,
  ]

  /// An entry of the colour cube (16 to 231) from the name's FNV-1a hash.
  private static func picked(from name: String) -> Color {
    var hash: UInt32 = 2_166_136_261
    for byte in name.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return .indexed(UInt8(16 + hash % 216))
  }
}
