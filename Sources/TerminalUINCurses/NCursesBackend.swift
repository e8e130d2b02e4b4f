import CNCurses
import TerminalUI

/// A `Backend` that draws to the real terminal through ncurses (wide-character build).
///
/// Create it through `TerminalSession.start()`, which owns the terminal's lifecycle (raw mode,
/// alternate screen, signal-safe restoration). The backend only draws.
@MainActor
public final class NCursesBackend: Backend {
  /// How many colours the terminal shows, from terminfo's colour count as ncurses reports it:
  /// 24-bit only with a direct-colour entry (`TERM=xterm-direct`), since ncurses writes colours
  /// through terminfo (`COLORTERM=truecolor` alone gives 256); `.monochrome` when `NO_COLOR` is
  /// set or the terminal has no colours.
  public let colorDepth: ColorDepth
  /// Whether colours are used (false when `NO_COLOR` is set or the terminal has none).
  public var usesColor: Bool { colorDepth != .monochrome }
  private var pairs: [ColorKey: Int32] = [:]
  private var nextPair: Int32 = 1
  private var cursor: Position?

  private struct ColorKey: Hashable {
    var foreground: Color
    var background: Color
  }

  /// Initialises ncurses on the current terminal. Call `setlocale` and save termios first
  /// (`TerminalSession` does).
  init(escapeDelay: Int, noColor: Bool) {
    _ = initscr()
    _ = raw()
    _ = noecho()
    _ = nonl()
    _ = keypad(cncurses_stdscr(), true)
    _ = set_escdelay(Int32(escapeDelay))
    // The runner paces frames itself (and reads stdin on its own thread): ncurses need not
    // look for typed-ahead input during every refresh, two system calls a frame.
    _ = typeahead(-1)
    if !noColor && has_colors() {
      _ = start_color()
      _ = use_default_colors()
      colorDepth = ColorDepth.detect(environment: [:], terminalColors: Int(cncurses_colors()))
    } else {
      colorDepth = .monochrome
    }
    _ = curs_set(0)
  }

  /// The current size of the screen in cells.
  public var size: Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cncurses_getmaxyx(cncurses_stdscr(), &rows, &columns)
    return Size(width: Int(max(columns, 0)), height: Int(max(rows, 0)))
  }

  /// Draws the changed cells; continuation cells of wide graphemes are skipped.
  public func draw(_ updates: [CellUpdate]) {
    let screen = size
    for update in updates where !update.cell.isContinuation {
      let position = update.position
      guard position.x >= 0, position.y >= 0, position.x < screen.width,
        position.y < screen.height
      else { continue }
      let style = update.cell.style
      let attributes = cncurses_attributes(
        style.bold ? 1 : 0, style.dim ? 1 : 0, style.underline ? 1 : 0, style.reverse ? 1 : 0)
      let pair = colorPair(style.foreground, style.background)
      var scalars = update.cell.grapheme.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
      if scalars.isEmpty { scalars = [wchar_t(32)] }
      _ = scalars.withUnsafeBufferPointer { buffer in
        cncurses_put(
          Int32(position.y), Int32(position.x), buffer.baseAddress, Int32(buffer.count),
          attributes, pair)
      }
    }
  }

  /// Shows the cursor at a position (applied on the next `flush`), or hides it.
  public func setCursor(_ position: Position?) {
    cursor = position
    _ = curs_set(position == nil ? 0 : 1)
  }

  /// Moves the cursor where it was asked to be and refreshes the physical screen.
  public func flush() {
    if let cursor {
      let screen = size
      let x = min(max(cursor.x, 0), max(screen.width - 1, 0))
      let y = min(max(cursor.y, 0), max(screen.height - 1, 0))
      _ = wmove(cncurses_stdscr(), Int32(y), Int32(x))
    }
    _ = wrefresh(cncurses_stdscr())
  }

  /// Clears the screen; the next `flush` repaints it completely.
  public func clear() {
    _ = wclear(cncurses_stdscr())
  }

  /// Tells ncurses the terminal now has this size.
  func resize(to newSize: Size) {
    guard newSize.width > 0, newSize.height > 0 else { return }
    _ = resizeterm(Int32(newSize.height), Int32(newSize.width))
    _ = wclear(cncurses_stdscr())
  }

  /// Re-enters program mode after a suspension (SIGTSTP/SIGCONT) and forces a full repaint.
  func resume() {
    _ = reset_prog_mode()
    cncurses_reenter_program_screen()
    _ = curs_set(cursor == nil ? 0 : 1)
    _ = wclear(cncurses_stdscr())
    _ = wrefresh(cncurses_stdscr())
  }

  private func colorPair(_ foreground: Color, _ background: Color) -> Int32 {
    guard usesColor, foreground != .default || background != .default else { return 0 }
    let key = ColorKey(foreground: foreground, background: background)
    if let pair = pairs[key] { return pair }
    guard nextPair < cncurses_color_pairs() else { return 0 }
    let pair = nextPair
    guard init_extended_pair(pair, number(foreground), number(background)) != ERR else { return 0 }
    nextPair += 1
    pairs[key] = pair
    return pair
  }

  /// The colour's number for ncurses. Cells arrive degraded to ``colorDepth``. With a
  /// direct-colour terminfo entry, numbers from 8 up are 24-bit values (red × 65536 + green ×
  /// 256 + blue) and 0 to 7 the basic colours; otherwise they are palette entries.
  private func number(_ color: Color) -> Int32 {
    if color == .default { return -1 }
    if colorDepth == .trueColor {
      if let index = color.paletteIndex, index < 8 { return Int32(index) }
      guard let (red, green, blue) = color.components else { return -1 }
      // 0 to 7 name the basic colours: the darkest blues are drawn one step lighter.
      return Int32(max(8, red << 16 | green << 8 | blue))
    }
    guard let index = color.paletteIndex else { return -1 }
    return Int32(index < Int(cncurses_colors()) ? index : index % 8)
  }
}
