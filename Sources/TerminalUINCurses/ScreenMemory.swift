import CNCurses
import TerminalUI

/// Gives the memory of a large screen back to the system once the screen shrinks.
///
/// A 1000×1000 terminal costs the frame buffers and ncurses' own screens well over 100 MB. When
/// the terminal shrinks, they are freed, but malloc kept the freed pages for later, so the
/// process stayed near its peak size. Two things give them back: blocks of 1 MiB and more are
/// mapped on their own, and unmapped when freed (a fixed threshold, which also keeps malloc's
/// trim threshold at its default); and after a resize to at most half the largest area since
/// the last one, the frame at the new size is drawn at once (freeing the large buffers) and
/// `malloc_trim` returns the heaps' free pages.
@MainActor
final class ScreenMemory {
  private var peakCells: Int

  init(size: Size) {
    peakCells = size.width * size.height
    cncurses_map_large_blocks()
  }

  /// Called after each read that resized the screen, with the new size.
  func didResize(to size: Size, in app: Application) {
    let cells = size.width * size.height
    guard cells * 2 <= peakCells else {
      peakCells = max(peakCells, cells)
      return
    }
    peakCells = cells
    app.renderIfNeeded()
    cncurses_release_free_memory()
  }
}
