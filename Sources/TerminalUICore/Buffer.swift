#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A grid of cells that a frame is drawn into, and the cursor position for that frame.
///
/// For example:
///
/// ```swift
/// var buffer = Buffer(size: Size(width: 10, height: 1))
/// buffer.write("Hello", at: Position(x: 0, y: 0), style: Style(bold: true))
/// buffer.lines  // ["Hello     "]
/// ```
///
/// Writes are clipped to the buffer and to an optional rectangle. A wide character takes its
/// cell and a continuation cell; it is never split at an edge (it is left out instead), and
/// overwriting half of one blanks the other half.
public struct Buffer: Hashable, Sendable {
  /// The size of the grid.
  public private(set) var size: Size
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// Where the terminal cursor is shown for this frame, or `nil` to hide it.
  public var cursor: Position?
  /// Whether the buffer keeps what is drawn into it; `false` for a layout pass, where writes
  /// are measured and clipped as usual (``write(_:at:style:clip:)`` returns the same width) and
  /// no cell is kept. A widget may skip work that only paints when it is `false`.
  public let paints: Bool

  /// Creates a blank buffer; negative sizes are treated as empty.
  public init(size: Size) {
    self.init(size: size, paints: true)
  }

  private init(size: Size, paints: Bool) {
    let size = Size(width: max(0, size.width), height: max(0, size.height))
    self.size = size
    self.paints = paints
    self.cells = paints ? Array(repeating: .blank, count: size.width * size.height) : []
  }

  /// A buffer for a layout pass: widgets draw into it to place themselves and register their
  /// controls, and nothing is painted (every cell reads blank).
  public static func layoutOnly(size: Size) -> Buffer {
    Buffer(size: size, paints: false)
  }

  /// The whole buffer as a rectangle.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at a column and row; reading outside the buffer gives a blank cell and writing
  /// there does nothing.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard paints, x >= 0, x < size.width, y >= 0, y < size.height else { return .blank }
      return cells[y * size.width + x]
    }
    set {
      guard paints, x >= 0, x < size.width, y >= 0, y < size.height else { return }
      cells[y * size.width + x] = newValue
    }
  }

  /// Writes a string on one row from `position`, clipped to `clip` and to the buffer.
  ///
  /// Zero-width characters are skipped. Returns the number of columns written.
  // Inlined into the caller (a widget of another module) as far as its text as a `String`, so
  // that the writing itself runs as compiled here, never through the generic witnesses of an
  // unspecialized call.
  @inlinable
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, at position: Position, style: Style = .plain,
    clip: Rect? = nil
  ) -> Int {
    write(string: String(converting: text), at: position, style: style, clip: clip)
  }

  /// ``write(_:at:style:clip:)`` for a `String`.
  @usableFromInline
  mutating func write(string text: String, at position: Position, style: Style, clip: Rect?)
    -> Int
  {
    let area = (clip ?? bounds).intersection(bounds)
    guard position.y >= area.y, position.y < area.maxY else { return 0 }
    var x = position.x
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, byte by byte: one column each, control characters none.
      for byte in text.utf8 where byte >= 0x20 && byte != 0x7F {
        if x + 1 > area.maxX { break }
        if paints, x >= area.x { put(Cell(ascii: byte, style: style), x: x, y: position.y) }
        x += 1
      }
      return max(0, x - max(position.x, area.x))
    }
    if text.unicodeScalars.allSatisfy({ separateScalarWidth($0) != nil }) {
      // Every scalar a grapheme of its own (`⚠`, `✓`, `›`, `…` among ASCII): scalar by scalar,
      // without finding grapheme boundaries.
      return write(
        text.unicodeScalars, from: position, in: area, style: style,
        columns: { separateScalarWidth($0) ?? 0 }, cell: { Cell($0, style: style) })
    }
    return write(
      text, from: position, in: area, style: style, columns: displayWidth,
      cell: { Cell($0, style: style) })
  }

  /// Writes graphemes on one row from `position` within `area`: each takes `columns` of it (a
  /// wide one a continuation cell too; one cut by the area's left edge leaves a blank), and a
  /// zero-width one none. Returns the number of columns written.
  @inline(__always)
  private mutating func write<Graphemes: Sequence>(
    _ graphemes: Graphemes, from position: Position, in area: Rect, style: Style,
    columns: (Graphemes.Element) -> Int, cell: (Graphemes.Element) -> Cell
  ) -> Int {
    var x = position.x
    for grapheme in graphemes {
      let width = columns(grapheme)
      if width == 0 { continue }
      if x + width > area.maxX { break }
      if !paints {
        // A layout pass: the same width, no cells.
      } else if x >= area.x {
        put(cell(grapheme), x: x, y: position.y)
        if width == 2 {
          put(Cell(grapheme: "", style: style, isContinuation: true), x: x + 1, y: position.y)
        }
      } else if width == 2, x + 1 == area.x {
        put(Cell(grapheme: " ", style: style), x: x + 1, y: position.y)
      }
      x += width
    }
    return max(0, x - max(position.x, area.x))
  }

  /// Fills a rectangle (clipped to the buffer) with one cell.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let area = rect.intersection(bounds)
    guard paints, !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX { put(cell, x: x, y: y) }
    }
  }

  /// Applies a style change to every cell in a rectangle, keeping their text.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    let area = rect.intersection(bounds)
    guard paints, !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX { change(&cells[y * size.width + x].style) }
    }
  }

  /// Copies the part of `source` from `origin` into `destination` (clipped to this buffer): a
  /// scroll view shows part of content drawn off screen.
  mutating func copy(from source: Buffer, origin: Position, to destination: Rect) {
    guard paints, source.paints else { return }
    let area = destination.intersection(bounds)
    for line in 0..<destination.height {
      let row = origin.y + line
      let y = destination.y + line
      guard row >= 0, row < source.size.height, y >= area.y, y < area.maxY else { continue }
      for offset in 0..<destination.width {
        let column = origin.x + offset
        let x = destination.x + offset
        guard column >= 0, column < source.size.width, x >= area.x, x < area.maxX else {
          continue
        }
        var cell = source.cells[row * source.size.width + column]
        // Half a wide character, cut by an edge, shows as a blank.
        let cutAfter =
          offset == destination.width - 1 && column + 1 < source.size.width
          && source.cells[row * source.size.width + column + 1].isContinuation
        if (cell.isContinuation && offset == 0) || cutAfter { cell = Cell(style: cell.style) }
        put(cell, x: x, y: y)
      }
    }
  }

  /// The changes that turn `previous` into this buffer; every cell when the sizes differ.
  public func diff(from previous: Buffer) -> [CellUpdate] {
    guard paints else { return Buffer(size: size).diff(from: previous) }
    var updates: [CellUpdate] = []
    let sameSize = previous.size == size && previous.paints
    cells.withUnsafeBufferPointer { cells in
      previous.cells.withUnsafeBufferPointer { previousCells in
        for y in 0..<size.height {
          if sameSize,
            Self.rowBytesMatch(cells, previousCells, from: y * size.width, count: size.width)
          {
            continue
          }
          for x in 0..<size.width {
            let index = y * size.width + x
            if sameSize, previousCells[index] == cells[index] { continue }
            updates.append(CellUpdate(position: Position(x: x, y: y), cell: cells[index]))
          }
        }
      }
    }
    return updates
  }

  /// Whether `count` cells from `start` have the same bytes in both buffers: then the row is
  /// unchanged, since a cell holds no reference and equal bytes make equal cells. (The converse
  /// need not hold, as padding between fields may differ: such a row is compared cell by cell.)
  /// Most rows of a frame are the rows of the last one, and comparing their bytes at once
  /// costs a fraction of comparing their cells field by field.
  private static func rowBytesMatch(
    _ cells: UnsafeBufferPointer<Cell>, _ previous: UnsafeBufferPointer<Cell>, from start: Int,
    count: Int
  ) -> Bool {
    guard cellsArePlainData, count > 0, let cells = cells.baseAddress,
      let previous = previous.baseAddress
    else { return false }
    return memcmp(cells + start, previous + start, count * MemoryLayout<Cell>.stride) == 0
  }

  /// Whether a cell is plain bytes (no reference, nothing to retain), so bytes can be compared.
  private static let cellsArePlainData = _isPOD(Cell.self)

  /// Applies updates, as a backend does; updates outside the buffer are ignored.
  public mutating func apply(_ updates: [CellUpdate]) {
    for update in updates { self[update.position.x, update.position.y] = update.cell }
  }

  /// The text of each row, continuation cells omitted.
  public var lines: [String] {
    guard paints else {
      return Array(repeating: String(repeating: " ", count: size.width), count: size.height)
    }
    return (0..<size.height).map { y in
      var line = ""
      for x in 0..<size.width {
        let cell = cells[y * size.width + x]
        if !cell.isContinuation { line += cell.grapheme }
      }
      return line
    }
  }

  /// Stores a cell, blanking the other half of any wide character it overwrites.
  private mutating func put(_ cell: Cell, x: Int, y: Int) {
    guard paints, x >= 0, x < size.width, y >= 0, y < size.height else { return }
    let index = y * size.width + x
    let old = cells[index]
    if old.isContinuation, !cell.isContinuation, x > 0 {
      cells[index - 1] = Cell(style: cells[index - 1].style)
    }
    if !old.isContinuation, x + 1 < size.width, cells[index + 1].isContinuation {
      cells[index + 1] = Cell(style: cells[index + 1].style)
    }
    cells[index] = cell
  }
}
