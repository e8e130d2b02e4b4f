import Observation
import TerminalUI
import TerminalUITesting
import Testing

// A multi-line editor: soft wrapping, ↑/↓ by visual line, Home/End on the visual line, word
// moves, multi-line pastes, a line limit, and the text field's emacs keys; on screen, it grows
// with its text, scrolls to the cursor and takes clicks.

@Test func softWrappingCutsLinesThatDoNotFitAndKeepsTheText() {
  // At the last space that fits; inside a word only when it is longer than the width.
  let words = TextEditorEditing(text: "a verylongword b", width: 6)
  #expect(
    words.visualLines.map { String(Array("a verylongword b")[$0.start..<$0.end]) }
      == ["a ", "verylo", "ngword", " b"])
  let editing = TextEditorEditing(text: "one two three\nfour", width: 8)
  let lines = editing.visualLines.map { Array("one two three\nfour")[$0.start..<$0.end] }
  #expect(lines.map { String($0) } == ["one two ", "three", "four"])
  #expect(editing.text == "one two three\nfour")
  // A wide character that would straddle the edge starts the next line.
  let wide = TextEditorEditing(text: "abc日本", width: 4)
  #expect(wide.visualLines == [.init(start: 0, end: 3), .init(start: 3, end: 5)])
  #expect(TextEditorEditing(text: "", width: 5).visualLines == [.init(start: 0, end: 0)])
}

@Test func upAndDownMoveByVisualLineKeepingTheColumn() {
  var editing = TextEditorEditing(text: "one two three\nfour", cursor: 2, width: 8)
  editing.handle(.down)
  #expect(editing.cursor == 10, "column 2 of \"three\"")
  editing.handle(.down)
  #expect(editing.cursor == 16, "column 2 of \"four\"")
  editing.handle(.down)
  #expect(editing.cursor == 18, "past the last line: the end")
  editing.handle(.up)
  #expect(editing.cursor == 10, "the run's column, 2, of \"three\"")
  editing.handle(.up)
  editing.handle(.up)
  #expect(editing.cursor == 0, "past the first line: the start")
}

@Test func aRunOfUpsAndDownsKeepsItsColumnThroughAShortLine() {
  var editing = TextEditorEditing(text: "long line\nab\nlong line", cursor: 7, width: 20)
  editing.handle(.down)
  #expect(editing.cursor == 12, "the end of \"ab\"")
  editing.handle(.down)
  #expect(editing.cursor == 20, "column 7 again")
  editing.handle(.left)
  editing.handle(.up)
  #expect(editing.cursor == 12, "a new run starts from column 6: the end of \"ab\"")
}

@Test func homeAndEndGoToTheEndsOfTheVisualLine() {
  var editing = TextEditorEditing(text: "one two three", cursor: 10, width: 8)
  editing.handle(.home)
  #expect(editing.cursor == 8)
  editing.handle(.ctrl("e"))
  #expect(editing.cursor == 13)
  editing.handle(.up)
  editing.handle(.end)
  #expect(editing.cursor == 8)
}

@Test func wordMovesAndDeletions() {
  var editing = TextEditorEditing(text: "hello brave_new world", width: 40)
  editing.handle(.alt("b"))
  #expect(editing.cursor == 16)
  editing.handle(.alt("b"))
  #expect(editing.cursor == 6)
  editing.handle(.alt("f"))
  #expect(editing.cursor == 15)
  editing.handle(.ctrl("w"))
  #expect(editing.text == "hello  world")
  // A word that ends the text: Alt-F stops at its end, and again stays there.
  var last = TextEditorEditing(text: "hello world", cursor: 0, width: 40)
  last.handle(.alt("f"))
  #expect(last.cursor == 5)
  last.handle(.alt("f"))
  #expect(last.cursor == 11)
  last.handle(.alt("f"))
  #expect(last.cursor == 11)
  var lines = TextEditorEditing(text: "first\nsecond line", width: 40)
  lines.handle(.ctrl("u"))
  #expect(lines.text == "first\n", "only what is before the cursor on its line")
  // Ctrl-W in the first word deletes back to the start of the text.
  var first = TextEditorEditing(text: "hello there", cursor: 5, width: 40)
  first.handle(.ctrl("w"))
  #expect(first.text == " there")
  #expect(first.cursor == 0)
  var spaced = TextEditorEditing(text: "  ", width: 40)
  spaced.handle(.ctrl("w"))
  #expect(spaced.text == "")
}

@Test func enterAndPastesMakeLinesUpToTheLimit() {
  var editing = TextEditorEditing(text: "", width: 20, lineLimit: 3)
  editing.handle(.paste("a\nb\nc\nd"))
  #expect(editing.text == "a\nb\nc d", "newlines past the limit become spaces")
  editing.handle(.enter)
  #expect(editing.text == "a\nb\nc d")
  // Only the lines the text has count against the limit, not its characters.
  var longLine = TextEditorEditing(text: "a long first line", width: 40, lineLimit: 3)
  longLine.handle(.paste("\nsecond\nthird\nfourth"))
  #expect(longLine.text == "a long first line\nsecond\nthird fourth")
  var free = TextEditorEditing(text: "x", width: 20)
  free.handle(.enter)
  free.handle(.character("y"))
  #expect(free.text == "x\ny")
  var short = TextEditorEditing(text: "", width: 20, maxLength: 4)
  short.handle(.paste("abc\ndef"))
  #expect(short.text == "abc\n")
}

@MainActor
@Observable
private final class Note {
  var title = ""
  var body = ""
  var saved = 0
}

private struct NoteView: View {
  @Bindable var model: Note

  var body: some View {
    VStack {
      TextField("Title", text: $model.title)
      TextEditor("Body", text: $model.body, minHeight: 2)
      Button("Save", shortcut: .enter) { model.saved += 1 }
    }
  }
}

@MainActor
struct TextEditorViewTests {
  @Test func typingWrapsGrowsAndEnterStaysInTheEditor() {
    let model = Note()
    let backend = HeadlessBackend(width: 12, height: 8)
    let app = Application(backend: backend, showsHelpBar: true) { NoteView(model: model) }
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1].hasPrefix("Body"))
    app.handle([.tab] + "Dear diary,".map(KeyEvent.character) + [.enter])
    app.handle("today I wrote an editor".map(KeyEvent.character))
    #expect(model.body == "Dear diary,\ntoday I wrote an editor")
    #expect(model.saved == 0, "Enter made a new line, not a save")
    assertScreen(backend)
    // "today I wrote an editor" wraps at spaces: "today I ", "wrote an ", "editor".
    #expect(backend.buffer.cursor == Position(x: 6, y: 4))
    app.handle([.up, .home, .character(">")])
    #expect(model.body == "Dear diary,\ntoday I >wrote an editor")
  }

  @Test func theCursorAfterALineAsWideAsTheEditorStaysOnItsLastColumn() {
    let model = Note()
    model.body = "abcdefghijkl"
    let backend = HeadlessBackend(width: 12, height: 5)
    let app = Application(backend: backend) { NoteView(model: model) }
    app.renderIfNeeded()
    app.handle([.tab])
    #expect(backend.buffer.lines[1] == "abcdefghijkl")
    #expect(backend.buffer.cursor == Position(x: 11, y: 1), "on the screen, not past its edge")
  }

  @Test func itScrollsToTheCursorWhenTallerThanItsRoom() {
    let model = Note()
    model.body = (1...10).map { "line \($0)" }.joined(separator: "\n")
    let backend = HeadlessBackend(width: 12, height: 5)
    let app = Application(backend: backend) { NoteView(model: model) }
    app.renderIfNeeded()
    app.handle([.tab])
    // The editor gets rows 1 to 4; the cursor starts at the end: the last lines show.
    #expect(
      backend.buffer.lines[1...4].map { $0.trimmingPrefix("line ").prefix(2) } == [
        "7 ", "8 ", "9 ", "10",
      ])
    app.handle(Array(repeating: .up, count: 9))
    #expect(backend.buffer.lines[1].hasPrefix("line 1 "))
    #expect(backend.buffer.cursor?.y == 1)
  }

  @Test func theEditorKeepsTheColumnOfARunOfArrowsBetweenKeys() {
    let model = Note()
    model.body = "long line\nab\nlong line"
    let backend = HeadlessBackend(width: 20, height: 8)
    let app = Application(backend: backend) { NoteView(model: model) }
    app.renderIfNeeded()
    app.handle([.tab, .up, .up])
    app.handle([.end, .left, .left])
    app.handle([.down])
    app.handle([.down])
    app.handle([.character("!")])
    #expect(model.body == "long line\nab\nlong li!ne")
  }

  @Test func aClickPutsTheCursorUnderThePointer() {
    let model = Note()
    model.body = "first line\nsecond"
    let backend = HeadlessBackend(width: 20, height: 6)
    let app = Application(backend: backend) { NoteView(model: model) }
    app.renderIfNeeded()
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 2))), .character("!")])
    #expect(model.body == "first line\nsec!ond")
    #expect(app.focusedIndex == 1)
  }

  @Test func tinyScreensDoNotCrash() {
    for size in [Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 0, height: 0)] {
      let model = Note()
      let backend = HeadlessBackend(width: size.width, height: size.height)
      let app = Application(backend: backend) { NoteView(model: model) }
      app.renderIfNeeded()
      app.handle([.tab, .character("日"), .enter, .paste("a\nb"), .up, .down, .home, .end])
    }
  }
}
