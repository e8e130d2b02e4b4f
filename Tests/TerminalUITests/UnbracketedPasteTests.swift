import Observation
import TerminalUI
import Testing

// An unbracketed paste reaches the app as character keys, thousands to a read. A focused field
// takes each long run of them as one text: one edit and one layout per read, not per character
// (a megabyte took over ten minutes). Typing, and shortcuts on a screen without a field, are
// unchanged.

@MainActor
@Observable
private final class Form {
  var text = ""
  var edits = 0
  var shortcuts = 0
}

@MainActor
private func form(_ model: Form, withField: Bool) -> some View {
  VStack {
    if withField {
      TextField(
        "Text",
        text: Binding(
          get: { model.text },
          set: {
            model.text = $0
            model.edits += 1
          }))
    }
    Button("Count", shortcut: .character("x")) { model.shortcuts += 1 }
  }
}

/// `count` printable characters, cycling through letters, a space and a wide one.
private func pastedText(_ count: Int) -> [Character] {
  let alphabet = Array("abcdefghij klmnopqrstuvwxyz0123456789漢")
  return (0..<count).map { alphabet[$0 % alphabet.count] }
}

/// The form, with or without its field, drawn once.
@MainActor
private func makeApp(withField: Bool) -> (Application, Form) {
  let model = Form()
  let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
    form(model, withField: withField)
  }
  app.renderIfNeeded()
  return (app, model)
}

@MainActor
struct UnbracketedPasteTests {
  @Test func aPastedRunIsOneEditPerReadAndKeepsEveryCharacter() {
    let (app, model) = makeApp(withField: true)
    let pasted = pastedText(100_000)
    let reads = stride(from: 0, to: pasted.count, by: 4_096).map {
      pasted[$0..<min($0 + 4_096, pasted.count)].map(KeyEvent.character)
    }
    let layoutsBefore = app.layoutPassCount
    for read in reads { app.handle(read) }
    #expect(model.text == String(pasted))
    #expect(model.edits == reads.count)
    #expect(app.layoutPassCount - layoutsBefore <= 2 * reads.count)
    #expect(model.shortcuts == 0, "an x pasted into the field is text")
  }

  @Test func typingAFewCharactersInOneReadIsAKeyAtATime() {
    let (app, model) = makeApp(withField: true)
    app.handle("hello".map(KeyEvent.character))
    #expect(model.text == "hello")
    #expect(model.edits == 5)
  }

  @Test func thirtyTwoCharactersInOneReadAreAPasteAndThirtyOneAreKeys() {
    let (app, model) = makeApp(withField: true)
    app.handle(Array(repeating: KeyEvent.character("a"), count: 32))
    #expect(model.edits == 1, "the shortest run taken as a paste")
    app.handle(Array(repeating: KeyEvent.character("b"), count: 31))
    #expect(model.edits == 1 + 31, "one short of it: a key at a time")
    #expect(model.text == String(repeating: "a", count: 32) + String(repeating: "b", count: 31))
  }

  @Test func aLongRunOnAScreenWithoutAFieldIsStillShortcuts() {
    let (app, model) = makeApp(withField: false)
    app.handle(Array(repeating: KeyEvent.character("x"), count: 40))
    #expect(model.shortcuts == 40)
  }

  @Test func aRunEndsAtTheFirstOtherKey() {
    let (app, model) = makeApp(withField: true)
    let run = pastedText(40).map(KeyEvent.character)
    // The paste, Tab to the button, then x presses it.
    app.handle(run + [.tab, .character("x")])
    #expect(model.text == String(pastedText(40)))
    #expect(model.shortcuts == 1)
  }
}
