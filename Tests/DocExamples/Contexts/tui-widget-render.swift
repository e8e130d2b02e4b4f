// A widget's `render(in:into:context:)`, where the example runs: its `rect`, `buffer` and
// `context`, and what the widget holds (a count of presses, pages with a selection, its place
// among its parent's controls).
struct PageKey: Hashable { let index: Int }

struct Pages: Widget {
  let pages: [() -> Group]
  let current: Int
  let selection: Binding<Int>
  let presses: Binding<Int>
  let index: Int

  func measure(_ proposal: Size, context: RenderContext) -> Size { proposal }

  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let titleRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
    // example
  }
}
