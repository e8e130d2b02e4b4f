import Observation
import TerminalUI

// A 200×60 screen of 200 labels, each reading a model of its own, where one label changes:
// what a frame costs when one view of many changed (issue 48, point 9).

/// What one label shows.
@MainActor
@Observable
final class BoardItem {
  var text: String
  init(_ text: String) { self.text = text }
}

/// A label that reads its own item.
struct BoardLabel: View {
  let item: BoardItem
  var body: some View { Text(item.text) }
}

/// Four columns of 50 labels.
struct LabelBoard: View {
  let items: [BoardItem]

  var body: some View {
    HStack {
      ForEach(0..<4) { column in
        VStack {
          ForEach(0..<50) { row in BoardLabel(item: items[column * 50 + row]) }
        }
      }
    }
  }
}

/// An application drawing the board, drawn once.
@MainActor
func labelBoard() -> (app: Application, items: [BoardItem]) {
  let items = (0..<200).map { BoardItem("label \($0)") }
  let app = Application(backend: HeadlessBackend(width: 200, height: 60)) {
    LabelBoard(items: items)
  }
  app.renderIfNeeded()
  return (app, items)
}

/// Changes one label `count` times (a different one each time), drawing a frame each time.
@MainActor
func changeOneLabel(_ count: Int) {
  let (app, items) = labelBoard()
  for index in 0..<count {
    items[(index * 37) % items.count].text = "changed \(index)"
    app.renderIfNeeded()
  }
}

/// The bodies evaluated by the frame after one label of the board changed.
@MainActor
func bodiesForOneLabelChanged() -> Int {
  let (app, items) = labelBoard()
  items[77].text = "changed"
  app.renderIfNeeded()
  return app.lastFrame.bodyEvaluations
}
