/// A terminal colour: the terminal's default, one of the sixteen colours of its palette, an entry
/// of the 256-colour palette, or a 24-bit colour.
///
/// For example, `Color.red`, `Color.brightBlue`, `Color.indexed(208)` or
/// `Color.rgb(0x5f, 0xaf, 0xff)`. A colour the terminal cannot show is drawn as the nearest one
/// it can (see ``ColorDepth``): an application degrades every cell to the depth its backend
/// reports, so a theme written in 24-bit colour works on a 16-colour terminal too.
///
/// A colour is one 32-bit value, so cells compare quickly: `Color.indexed(9)` is
/// `Color.brightRed`.
public struct Color: Hashable, Sendable {
  /// The kind in the top byte (0 the default, 1 a palette entry, 2 a 24-bit colour), the
  /// palette entry or the red, green and blue below.
  private let storage: UInt32

  private init(storage: UInt32) {
    self.storage = storage
  }

  private static let paletteKind: UInt32 = 1 << 24
  private static let rgbKind: UInt32 = 2 << 24

  /// The terminal's own text or background colour.
  public static let `default` = Color(storage: 0)
  /// Palette entry 0.
  public static let black = indexed(0)
  /// Palette entry 1.
  public static let red = indexed(1)
  /// Palette entry 2.
  public static let green = indexed(2)
  /// Palette entry 3.
  public static let yellow = indexed(3)
  /// Palette entry 4.
  public static let blue = indexed(4)
  /// Palette entry 5.
  public static let magenta = indexed(5)
  /// Palette entry 6.
  public static let cyan = indexed(6)
  /// Palette entry 7.
  public static let white = indexed(7)
  /// Palette entry 8.
  public static let brightBlack = indexed(8)
  /// Palette entry 9.
  public static let brightRed = indexed(9)
  /// Palette entry 10.
  public static let brightGreen = indexed(10)
  /// Palette entry 11.
  public static let brightYellow = indexed(11)
  /// Palette entry 12.
  public static let brightBlue = indexed(12)
  /// Palette entry 13.
  public static let brightMagenta = indexed(13)
  /// Palette entry 14.
  public static let brightCyan = indexed(14)
  /// Palette entry 15.
  public static let brightWhite = indexed(15)

  /// An entry of the 256-colour palette: 0 to 15 are the sixteen colours above, 16 to 231 a
  /// 6×6×6 colour cube, 232 to 255 a ramp of greys.
  public static func indexed(_ index: UInt8) -> Color {
    Color(storage: paletteKind | UInt32(index))
  }

  /// A 24-bit colour: red, green and blue from 0 to 255.
  public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
    Color(storage: rgbKind | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
  }

  /// The sixteen palette colours, in palette order (entry 0 is black, 15 bright white).
  public static let palette: [Color] = (0..<16).map { indexed(UInt8($0)) }

  /// The palette entry (0 to 255) this colour names, or nil for the default and for a 24-bit
  /// colour.
  ///
  /// For example, `Color.brightRed.paletteIndex` is 9 and `Color.indexed(208).paletteIndex`
  /// is 208.
  public var paletteIndex: Int? {
    storage & 0xff00_0000 == Self.paletteKind ? Int(storage & 0xff) : nil
  }

  /// Whether this is a 24-bit colour.
  var isRGB: Bool { storage & 0xff00_0000 == Self.rgbKind }

  /// The colour's red, green and blue, or nil for the default. Palette entries 0 to 15 take
  /// xterm's default values (a terminal may show its own); 16 to 255 are the standard cube and
  /// grey ramp.
  ///
  /// For example, `Color.indexed(196).components` is (255, 0, 0).
  public var components: (red: Int, green: Int, blue: Int)? {
    if isRGB {
      return (Int(storage >> 16 & 0xff), Int(storage >> 8 & 0xff), Int(storage & 0xff))
    }
    return paletteIndex.map(Self.components(ofPaletteEntry:))
  }

  /// The colour drawn on a terminal of `depth`: itself when the terminal shows it, otherwise the
  /// nearest colour it does show (by distance in RGB), and `.default` on a terminal without
  /// colour.
  ///
  /// For example, `Color.rgb(255, 0, 0).degraded(to: .ansi256)` is `.indexed(196)`, and
  /// `Color.rgb(255, 95, 95).degraded(to: .ansi16)` is `.brightRed`.
  public func degraded(to depth: ColorDepth) -> Color {
    guard self != .default else { return self }
    switch depth {
    case .trueColor: return self
    case .monochrome: return .default
    case .ansi256:
      return isRGB ? .indexed(UInt8(Self.nearestIndex(to: components!))) : self
    case .ansi16, .ansi8:
      let count = depth == .ansi8 ? 8 : 16
      if let index = paletteIndex, index < 16 { return Self.palette[index % count] }
      return Self.palette[Self.nearest(to: components!, among: 0..<count)]
    }
  }

  static func components(ofPaletteEntry index: Int) -> (red: Int, green: Int, blue: Int) {
    switch index {
    case 0..<16:
      return sixteen[index]
    case 16..<232:
      let cube = index - 16
      return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    default:
      let grey = 8 + (index - 232) * 10
      return (grey, grey, grey)
    }
  }

  /// xterm's default values for the sixteen palette colours.
  private static let sixteen: [(red: Int, green: Int, blue: Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The six levels of each channel in the 256-colour cube.
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  private static func distance(
    _ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)
  ) -> Int {
    let red = a.red - b.red
    let green = a.green - b.green
    let blue = a.blue - b.blue
    return red * red + green * green + blue * blue
  }

  /// The palette entry in `range` nearest to a colour.
  private static func nearest(
    to color: (red: Int, green: Int, blue: Int), among range: Range<Int>
  ) -> Int {
    var best = range.lowerBound
    var bestDistance = Int.max
    for index in range {
      let candidate = distance(color, components(ofPaletteEntry: index))
      if candidate < bestDistance {
        best = index
        bestDistance = candidate
      }
    }
    return best
  }

  /// The entry of the cube or the grey ramp (16 to 255) nearest to a colour: the nearest cube
  /// level on each channel, or the nearest grey, whichever is closer.
  private static func nearestIndex(to color: (red: Int, green: Int, blue: Int)) -> Int {
    func level(_ channel: Int) -> Int {
      var best = 0
      for index in 1..<cubeLevels.count
      where abs(cubeLevels[index] - channel) < abs(cubeLevels[best] - channel) {
        best = index
      }
      return best
    }
    let cube = 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
    let average = (color.red + color.green + color.blue) / 3
    let grey = 232 + min(23, max(0, (average - 3) / 10))
    return distance(color, components(ofPaletteEntry: grey))
      < distance(color, components(ofPaletteEntry: cube)) ? grey : cube
  }
}

extension Color: CustomStringConvertible {
  /// The colour's name as screen snapshots show it: `red`, `brightBlue`, `208` for a palette
  /// entry, `#5fafff` for a 24-bit colour.
  public var description: String {
    if let index = paletteIndex {
      return index < 16 ? Self.names[index] : "\(index)"
    }
    guard let (red, green, blue) = components else { return "default" }
    return "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  private static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "brightBlack",
    "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan",
    "brightWhite",
  ]
}

/// How many colours a terminal shows, from none to 24-bit.
///
/// For example, `ColorDepth.detect(environment: ["TERM": "xterm-256color"])` is `.ansi256`.
/// An ``Application`` draws every cell at its backend's depth: colours beyond it become the
/// nearest colour the terminal has (``Color/degraded(to:)``).
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
  /// No colour at all (`NO_COLOR`, a monochrome terminal): bold, dim, underline and reverse
  /// remain.
  case monochrome
  /// The eight basic colours; bright ones draw as their basic colour.
  case ansi8
  /// The sixteen palette colours.
  case ansi16
  /// The 256-colour palette.
  case ansi256
  /// 24-bit colour.
  case trueColor

  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The depth's short name: `none`, `8`, `16`, `256` or `truecolor`.
  public var name: String {
    switch self {
    case .monochrome: "none"
    case .ansi8: "8"
    case .ansi16: "16"
    case .ansi256: "256"
    case .trueColor: "truecolor"
    }
  }

  /// The depth with a short name (``name``, or `24bit` for 24-bit colour), in any case; nil for
  /// another name.
  ///
  /// For example, `ColorDepth(name: "256")` is `.ansi256`.
  public init?(name: String) {
    let name = name.lowercased()
    guard
      let depth = Self.allCases.first(where: { $0.name == name })
        ?? (name == "24bit" ? .trueColor : nil)
    else { return nil }
    self = depth
  }

  /// The depth for a terminal library that reports how many colours the terminal has
  /// (`terminalColors`, terminfo's `colors`, as ncurses does), or from the environment for a
  /// backend that writes colours itself (`terminalColors` nil). `NO_COLOR` (set and not empty)
  /// always means `.monochrome`.
  ///
  /// From the environment: `COLORTERM` `truecolor` or `24bit`, or a `TERM` ending in `-direct`,
  /// mean 24-bit; a `TERM` naming `256color`, 256; `dumb` or no `TERM`, none; any other
  /// terminal, 16. From a colour count: 2²⁴ or more, 24-bit; 256 or more, 256; 16 or more, 16;
  /// 8 or more, 8; fewer, none.
  ///
  /// For example, `ColorDepth.detect(environment: ["TERM": "xterm"], terminalColors: 8)` is
  /// `.ansi8`.
  public static func detect(environment: [String: String], terminalColors: Int? = nil)
    -> ColorDepth
  {
    if noColorRequested(in: environment) { return .monochrome }
    if let colors = terminalColors {
      switch colors {
      case (1 << 24)...: return .trueColor
      case 256...: return .ansi256
      case 16...: return .ansi16
      case 8...: return .ansi8
      default: return .monochrome
      }
    }
    let term = environment["TERM"] ?? ""
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") {
      return .trueColor
    }
    if term.contains("256color") { return .ansi256 }
    if term.isEmpty || term == "dumb" { return .monochrome }
    return .ansi16
  }
}

extension Style {
  /// The style drawn on a terminal of `depth`: its colours degraded (``Color/degraded(to:)``),
  /// its attributes kept.
  ///
  /// For example, `Style(bold: true, foreground: .red).degraded(to: .monochrome)` is
  /// `Style(bold: true)`.
  public func degraded(to depth: ColorDepth) -> Style {
    guard depth != .trueColor, foreground != .default || background != .default else {
      return self
    }
    var style = self
    style.foreground = foreground.degraded(to: depth)
    style.background = background.degraded(to: depth)
    return style
  }
}
