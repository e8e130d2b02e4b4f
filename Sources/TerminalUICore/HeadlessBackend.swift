/// A backend that draws into an in-memory buffer, for tests and for replaying key tapes.
///
/// For example:
///
/// ```swift
/// let backend = HeadlessBackend(width: 80, height: 24)
/// backend.draw([CellUpdate(position: Position(x: 0, y: 0), cell: Cell(grapheme: "A"))])
/// backend.buffer.lines[0]  // "A" followed by 79 spaces
/// ```
///
/// It counts the frames drawn and the flushes, so tests can check that nothing is redrawn
/// when nothing changed.
@MainActor
public final class HeadlessBackend: Backend {
  /// What the screen shows.
  public private(set) var buffer: Buffer
  /// How many times `draw` was called.
  public private(set) var drawCount = 0
  /// How many times `flush` was called: the number of frames shown.
  public private(set) var flushCount = 0
  /// How many cells were drawn in total.
  public private(set) var cellsDrawn = 0
  /// How many times the screen was cleared.
  public private(set) var clearCount = 0
  /// How many colours the screen shows: 24-bit unless a test sets a lower depth to see what a
  /// smaller terminal shows.
  public var colorDepth: ColorDepth = .trueColor

  /// Creates a blank screen of the given size.
  public init(width: Int, height: Int) {
    buffer = Buffer(size: Size(width: width, height: height))
  }

  /// The current size of the screen.
  public var size: Size { buffer.size }

  /// Changes the size of the screen, blanking it, as a terminal resize does.
  public func resize(to size: Size) {
    buffer = Buffer(size: size)
  }

  /// Stores the changed cells.
  public func draw(_ updates: [CellUpdate]) {
    drawCount += 1
    cellsDrawn += updates.count
    buffer.apply(updates)
  }

  /// Records the cursor position.
  public func setCursor(_ position: Position?) {
    buffer.cursor = position
  }

  /// Counts a frame.
  public func flush() {
    flushCount += 1
  }

  /// Blanks the screen.
  public func clear() {
    clearCount += 1
    let cursor = buffer.cursor
    buffer = Buffer(size: buffer.size)
    buffer.cursor = cursor
  }
}
