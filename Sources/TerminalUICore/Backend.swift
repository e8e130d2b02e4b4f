/// A size in terminal cells.
public struct Size: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// A size of `width` columns by `height` rows, for example `Size(width: 80, height: 24)`.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// A cell position: column `x`, row `y`, from the top left.
public struct Position: Hashable, Sendable {
  /// The column, from 0 at the left.
  public var x: Int
  /// The row, from 0 at the top.
  public var y: Int

  /// The cell at column `x` and row `y`, for example `Position(x: 0, y: 0)`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// How a cell is drawn.
public struct Style: Hashable, Sendable {
  /// Bold text.
  public var bold: Bool
  /// Dim text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Reverse video, as focused controls are drawn.
  public var reverse: Bool
  /// The text colour.
  public var foreground: Color
  /// The background colour.
  public var background: Color

  /// A style with the given attributes, for example `Style(bold: true, foreground: .green)`.
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
  /// The grapheme cluster shown (empty in a continuation cell).
  public var grapheme: String {
    get { storedGrapheme.string }
    set { storedGrapheme = InlineGrapheme(newValue) }
  }
  /// How it is drawn.
  public var style: Style
  /// Whether this is the second cell of a wide grapheme to its left.
  public var isContinuation: Bool
  /// The grapheme, kept inline: a cell holds no reference (see `InlineGrapheme`). Two cells
  /// are equal when their graphemes have the same bytes.
  private var storedGrapheme: InlineGrapheme

  /// A cell, for example `Cell(grapheme: "A", style: Style(bold: true))`.
  public init(grapheme: String = " ", style: Style = .plain, isContinuation: Bool = false) {
    self.storedGrapheme = InlineGrapheme(grapheme)
    self.style = style
    self.isContinuation = isContinuation
  }

  /// A cell showing one printable ASCII character.
  init(ascii byte: UInt8, style: Style) {
    self.storedGrapheme = InlineGrapheme(ascii: byte)
    self.style = style
    self.isContinuation = false
  }

  /// A cell showing one character.
  init(_ character: Character, style: Style) {
    self.storedGrapheme = InlineGrapheme(character)
    self.style = style
    self.isContinuation = false
  }

  /// A cell showing one scalar that is a grapheme of its own.
  init(_ scalar: Unicode.Scalar, style: Style) {
    self.storedGrapheme = InlineGrapheme(scalar)
    self.style = style
    self.isContinuation = false
  }

  /// A blank cell.
  public static let blank = Cell()
}

/// One changed cell to draw.
public struct CellUpdate: Hashable, Sendable {
  /// Where the cell is.
  public var position: Position
  /// What it now shows.
  public var cell: Cell

  /// An update, for example `CellUpdate(position: Position(x: 0, y: 0), cell: Cell(grapheme: "A"))`.
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
  /// How many colours the screen shows; an ``Application`` degrades every cell to it.
  var colorDepth: ColorDepth { get }
}

extension Backend {
  /// 24-bit colour, unless the backend says otherwise.
  public var colorDepth: ColorDepth { .trueColor }
}
