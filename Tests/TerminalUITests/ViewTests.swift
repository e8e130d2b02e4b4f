import TerminalUI
import Testing

@testable import TerminalUICore

@MainActor
private func lines(_ view: some View, _ width: Int, _ height: Int) -> [String] {
  render(view, size: Size(width: width, height: height)).lines
}

private struct Greeting: View {
  let name: String?
  let items: [String]

  var body: some View {
    VStack {
      Text("Hello")
      if let name {
        Text(name)
      } else {
        Text("nobody")
      }
      for item in items {
        Text("- " + item)
      }
    }
  }
}

@MainActor
@Test func customViewsComposeWithIfElseOptionalsAndLoops() {
  #expect(
    lines(Greeting(name: "Blob", items: ["a", "b"]), 6, 5) == [
      "Hello ", "Blob  ", "- a   ", "- b   ", "      ",
    ])
  #expect(lines(Greeting(name: nil, items: []), 6, 2) == ["Hello ", "nobody"])
}

@MainActor
@Test func textWrapsAtWordBoundaries() {
  #expect(lines(Text("the quick brown fox"), 10, 3) == ["the quick ", "brown fox ", "          "])
  #expect(lines(Text("abcdefgh"), 3, 3) == ["abc", "def", "gh "])
}

@MainActor
@Test func textCutOffAtTheBottomEndsWithAnEllipsis() {
  #expect(lines(Text("the quick brown fox jumps"), 10, 2) == ["the quick ", "brown fox…"])
  #expect(lines(Text("Hello, world").lineLimit(1), 8, 3) == ["Hello,… ", "        ", "        "])
}

@MainActor
@Test func textStylesApplyToItsCells() {
  let buffer = render(
    Text("Hi").bold().reverse().foregroundColor(.red), size: Size(width: 3, height: 1))
  #expect(buffer[0, 0].style == Style(bold: true, reverse: true, foreground: .red))
  #expect(buffer[2, 0].style == .plain)
}

@MainActor
@Test func spacersPushViewsApart() {
  let row = HStack {
    Text("Name")
    Spacer()
    Text("42")
  }
  #expect(lines(row, 10, 1) == ["Name    42"])
  let column = VStack {
    Text("top")
    Spacer()
    Text("end")
  }
  #expect(lines(column, 3, 4) == ["top", "   ", "   ", "end"])
}

@MainActor
@Test func aSpacerInsideAnIfOrWithAnIDStillPushesViewsApart() {
  let isShown = true
  let row = HStack {
    Text("Name")
    if isShown { Spacer() }
    Text("42")
  }
  #expect(lines(row, 10, 1) == ["Name    42"])
  let identified = HStack {
    Text("Name")
    Spacer().id("gap")
    Text("42")
  }
  #expect(lines(identified, 10, 1) == ["Name    42"])
}

@MainActor
@Test func spacersShareTheLeftoverCellsSoTheLastViewEndsAtTheEdge() {
  // 7 free columns between two spacers: 4 and 3, none left over.
  let row = HStack(spacing: 0) {
    Text("A")
    Spacer()
    Text("B")
    Spacer()
    Text("C")
  }
  #expect(lines(row, 10, 1) == ["A    B   C"])
  let column = VStack {
    Text("top")
    Spacer()
    Text("mid")
    Spacer()
    Text("end")
  }
  #expect(lines(column, 3, 6) == ["top", "   ", "   ", "mid", "   ", "end"])
}

@MainActor
@Test func stacksCutOffWhatDoesNotFit() {
  let row = HStack {
    Text("abc")
    Text("def")
  }
  #expect(lines(row, 5, 1) == ["abc …"])
}

@MainActor
@Test func dividersSpanTheWidth() {
  #expect(
    lines(
      VStack {
        Text("a")
        Divider()
      }, 3, 2) == ["a  ", "───"])
}

@MainActor
@Test func boxesDrawABorderAndATitle() {
  let box = Box(title: "Info") { Text("hi") }
  #expect(lines(box, 10, 3) == ["┌ Info ──┐", "│hi      │", "└────────┘"])
  #expect(lines(Box(title: "A long title") { Text("x") }, 8, 3)[0] == "┌ A l… ┐")
}

@MainActor
@Test func paddingLeavesBlankSpaceAroundContent() {
  #expect(lines(Text("x").padding(1), 3, 3) == ["   ", " x ", "   "])
  #expect(lines(Text("x").padding(horizontal: 2), 5, 1) == ["  x  "])
}

@MainActor
@Test func everyViewSurvivesAOneByOneScreen() {
  let screen = VStack {
    Box(title: "Title") {
      HStack {
        Text("漢字 and more").bold()
        Spacer()
        Text("right")
      }
      Divider()
    }
    .padding(2)
    Text("footer")
  }
  #expect(lines(screen, 1, 1) == [" "])
  #expect(lines(Box { Text("x") }, 1, 1) == ["┌"])
  #expect(lines(Text("漢"), 1, 1) == ["…"])
  #expect(lines(screen, 0, 0).isEmpty)
  #expect(lines(screen, 2, 2).count == 2)
}

private struct Availability: View {
  var body: some View {
    if #available(macOS 26, *) {
      Text("available")
    } else {
      Text("too old")
    }
  }
}

@MainActor
@Test func availabilityChecksPickTheBranchThisPlatformHas() {
  #expect(lines(Availability(), 9, 1) == ["available"])
}

@MainActor
@Test func aForEachOnItsOwnStacksItsViewsTopToBottom() {
  let rows = ForEach(["one", "two"]) { Text($0) }
  #expect(lines(rows, 4, 3) == ["one ", "two ", "    "])
}

@MainActor
@Test func anEmptyViewTakesNoRoomAndDrawsNothing() {
  #expect(lines(EmptyView(), 2, 1) == ["  "])
  #expect(
    lines(
      VStack(spacing: 0) {
        Text("a"); EmptyView(); Text("b")
      }, 1, 3) == ["a", "b", " "])
}

/// A line that fits is shown without being split, as wrapping would show it: a single line as
/// it is, wrapped lines without the spaces a line starts with (so a label is measured at the
/// width it draws).
@MainActor
@Test func aShortLineIsShownAsWrappingWouldShowIt() {
  let labels = ["Email", "  ⚠ Enter a valid email", "  ✓ Available", "   ", "a  b ", " x"]
  for label in labels {
    for width in [12, 30] {
      let wrapped = wrap(label, width: width)
      guard wrapped.count == 1, displayWidth(label) <= width else { continue }
      #expect(
        Text(label).visibleLines(width: width, height: 3) == wrapped, "\(label.debugDescription)")
      #expect(
        Text(label).visibleLines(width: width, height: 1) == [label], "\(label.debugDescription)")
      #expect(
        Text(label).measure(Size(width: width, height: 3), context: RenderContext())
          == Size(width: displayWidth(wrapped[0]), height: 1))
    }
  }
}

/// A text field shows the end of a text as wide as itself with the cursor after it: the
/// first character scrolls out, as it does for any longer text.
@MainActor
@Test func aFieldAsWideAsItsTextScrollsToKeepTheCursorAfterIt() {
  let four = Size(width: 4, height: 1)
  for (text, shown) in [("abcd", "bcd "), ("abc", "abc "), ("abcdef", "def ")] {
    #expect(render(TextField("p", text: .constant(text)), size: four).lines == [shown])
  }
  #expect(render(SecureField("p", text: .constant("abcd")), size: four).lines == ["••• "])
}

/// Outside an application nothing has focus: a field drawn alone shows no cursor and no focus
/// style, as a checkbox list highlights nothing.
@MainActor
@Test func aFieldDrawnOutsideAnApplicationIsNotFocused() {
  for text in ["abc", ""] {
    let buffer = render(TextField("Name", text: .constant(text)), size: Size(width: 8, height: 1))
    #expect(buffer.cursor == nil)
    #expect(buffer.lines == [text.isEmpty ? "Name    " : "abc     "])
    #expect(buffer[0, 0].style == (text.isEmpty ? Theme.dark.muted : .plain))
  }
}

/// With the cursor at the start of a text longer than the field, the field is filled to its
/// last column.
@MainActor
@Test func aLongTextWithTheCursorAtItsStartFillsTheField() {
  let backend = HeadlessBackend(width: 4, height: 1)
  let app = Application(backend: backend) { TextField("p", text: .constant("abcdef")) }
  app.renderIfNeeded()
  app.handle([.home])
  #expect(backend.buffer.lines == ["abcd"])
  #expect(backend.buffer.cursor == Position(x: 0, y: 0))
}
