/// A size in terminal cells.
public struct Size: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A cell position: column `x`, row `y`, from the top left.
public struct Position: Hashable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A terminal colour: the terminal's default, or one of the eight basic colours.
public enum Color: Hashable, Sendable, CaseIterable {
  case `default`, black, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell is drawn.
public struct Style: Hashable, Sendable {
  public var bold = false
  public var dim = false
  public var underline = false
  public var reverse = false
  public var foreground: Color = .default
  public var background: Color = .default

  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    foreground: Color = .default, background: Color = .default
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.foreground = foreground
    self.background = background
  }

  /// No attributes, default colours.
  public static let plain = Style()
}

/// One cell of the screen: a grapheme cluster and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds it, the second is a
/// continuation cell (`isContinuation`) that backends skip.
public struct Cell: Hashable, Sendable {
  public var grapheme: String
  public var style: Style
  public var isContinuation: Bool

  public init(grapheme: String = " ", style: Style = .plain, isContinuation: Bool = false) {
    self.grapheme = grapheme
    self.style = style
    self.isContinuation = isContinuation
  }

  /// A blank cell.
  public static let blank = Cell()
}

/// One changed cell to draw.
public struct CellUpdate: Hashable, Sendable {
  public var position: Position
  public var cell: Cell

  public init(position: Position, cell: Cell) {
    self.position = position
    self.cell = cell
  }
}

/// Where frames are drawn: the real terminal (ncurses) or an in-memory grid for tests.
///
/// The renderer computes which cells changed since the last frame and hands only those to
/// `draw`; the backend never decides what to draw.
@MainActor
public protocol Backend: AnyObject {
  /// The current size of the screen in cells.
  var size: Size { get }
  /// Draws the changed cells.
  func draw(_ updates: [CellUpdate])
  /// Shows the cursor at a position, or hides it (`nil`).
  func setCursor(_ position: Position?)
  /// Makes everything drawn so far visible.
  func flush()
  /// Clears the whole screen (after a resize, or on resume from suspension).
  func clear()
}
