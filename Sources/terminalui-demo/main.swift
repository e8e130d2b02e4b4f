import Foundation
import TerminalUINCurses

// A small real program on the ncurses backend: a titled box with a name field.
// Printable keys append to the name, Backspace deletes, Ctrl-Z suspends, Ctrl-C quits and
// restores the terminal.

/// The screen as a grid of cells, redrawn completely on each change (ncurses diffs it).
@MainActor
struct DemoScreen {
  var name = ""

  func cells(in size: Size) -> ([CellUpdate], Position?) {
    var grid = Array(
      repeating: Array(repeating: Cell.blank, count: size.width), count: size.height)
    func put(_ text: String, x: Int, y: Int, style: Style = .plain) {
      guard y >= 0, y < size.height else { return }
      var column = x
      for character in text {
        guard column >= 0, column < size.width else { return }
        grid[y][column] = Cell(grapheme: String(character), style: style)
        column += 1
      }
    }
    let width = min(44, size.width - 2)
    let height = 6
    let left = 1
    let top = 1
    if width >= 4, size.height >= top + height {
      let border = Style(foreground: .cyan)
      put("┌" + String(repeating: "─", count: width - 2) + "┐", x: left, y: top, style: border)
      for row in 1..<(height - 1) {
        put("│", x: left, y: top + row, style: border)
        put("│", x: left + width - 1, y: top + row, style: border)
      }
      put(
        "└" + String(repeating: "─", count: width - 2) + "┘", x: left, y: top + height - 1,
        style: border)
      put(" TerminalUI demo ", x: left + 2, y: top, style: Style(bold: true))
    }
    let fieldWidth = max(0, width - 10)
    let visible = String(name.suffix(fieldWidth))
    put("Name: ", x: left + 2, y: top + 2, style: Style(bold: true))
    put(visible, x: left + 8, y: top + 2, style: Style(underline: true))
    put("Ctrl-C quit", x: left + 2, y: top + 4, style: Style(dim: true))
    var updates: [CellUpdate] = []
    updates.reserveCapacity(size.width * size.height)
    for (y, row) in grid.enumerated() {
      for (x, cell) in row.enumerated() {
        updates.append(CellUpdate(position: Position(x: x, y: y), cell: cell))
      }
    }
    return (updates, Position(x: left + 8 + visible.count, y: top + 2))
  }
}

let session = TerminalSession.start()
var screen = DemoScreen()

@MainActor
func render() {
  let (updates, cursor) = screen.cells(in: session.backend.size)
  session.backend.draw(updates)
  session.backend.setCursor(cursor)
  session.backend.flush()
}

render()
var interrupted = false
input: for await received in session.input() {
  guard let events = session.receive(received) else { break }
  for event in events {
    switch event {
    case .ctrl("c"):
      interrupted = true
      break input
    case .ctrl("z"):
      session.suspend()
    case .character(let character):
      screen.name.append(character)
    case .paste(let text):
      screen.name += text.filter { !$0.isNewline }
    case .backspace:
      if !screen.name.isEmpty { screen.name.removeLast() }
    case .resize:
      session.backend.clear()
    default:
      break
    }
  }
  render()
}
// After Ctrl-C (or a termination signal) the process ends by the signal: status 130 (143, 129).
session.end(interrupted: interrupted)
exit(0)
