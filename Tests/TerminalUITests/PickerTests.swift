import Observation
import TerminalUI
import TerminalUITesting
import Testing

// A picker: a closed row showing the choice, a list that opens on Enter, Space or a click,
// moves with the arrows and the wheel, jumps to a typed letter, picks on Enter or a click, and
// closes on Esc without changing the choice.

private enum Fruit: String, CaseIterable {
  case apple, banana, blueberry, cherry, date, elderberry, fig, grape
  var title: String { rawValue.capitalized }
}

@MainActor
@Observable
private final class Order {
  var fruit = Fruit.banana
  var notes = ""
  var path: [String] = []
}

private struct OrderView: View {
  @Bindable var model: Order

  var body: some View {
    NavigationStack(path: $model.path) {
      VStack {
        Picker("Fruit", selection: $model.fruit, options: Fruit.allCases, visibleOptions: 4) {
          $0.title
        }
        TextField("Notes", text: $model.notes)
      }
      .navigationTitle("Order")
    } destination: { name in
      Text(name)
    }
  }
}

@MainActor
private func makeApp() -> (Application, HeadlessBackend, Order) {
  let model = Order()
  model.path = []
  let backend = HeadlessBackend(width: 30, height: 9)
  let app = Application(backend: backend, showsHelpBar: true) { OrderView(model: model) }
  app.renderIfNeeded()
  return (app, backend, model)
}

@MainActor
struct PickerTests {
  @Test func closedItShowsTheChoiceAndOpensOnEnter() {
    let (app, backend, model) = makeApp()
    #expect(backend.buffer.lines[1].hasPrefix("Fruit: [ Banana ▾ ]"))
    #expect(app.helpText.hasPrefix("enter choose"))
    app.handle([.enter])
    assertScreen(backend, named: "open")
    #expect(backend.buffer.lines[3].hasPrefix("• Banana"))
    #expect(backend.buffer.lines[6].hasPrefix("Notes"), "the field moved down under the list")
    #expect(app.helpText.hasPrefix("↑/↓ move  enter pick  esc cancel"))
    app.handle([.down, .down, .enter])
    #expect(model.fruit == .cherry)
    #expect(backend.buffer.lines[1].hasPrefix("Fruit: [ Cherry ▾ ]"))
    #expect(backend.buffer.lines[2].hasPrefix("Notes"))
  }

  @Test func upMovesTheHighlightUpAndStopsAtTheFirstOption() {
    let (app, _, model) = makeApp()
    app.handle([.enter, .down, .down, .up, .enter])
    #expect(model.fruit == .blueberry)
    app.handle([.enter, .up, .up, .up, .up, .enter])
    #expect(model.fruit == .apple)
  }

  @Test func pageDownStopsAtTheLastOption() {
    let (app, _, model) = makeApp()
    app.handle([.enter, .pageDown, .pageDown, .pageDown, .enter])
    #expect(model.fruit == .grape)
  }

  @Test func escClosesWithoutChangingTheChoiceOrLeavingTheScreen() {
    let (app, backend, model) = makeApp()
    model.path = ["Details"]
    app.renderIfNeeded()
    app.handle([.escape])
    #expect(model.path.isEmpty, "closed, Esc pops as usual")
    app.handle([.character(" "), .down, .escape])
    #expect(model.fruit == .banana)
    #expect(backend.buffer.lines[2].hasPrefix("Notes"))
  }

  @Test func aTypedLetterJumpsToTheNextOptionStartingWithIt() {
    let (app, backend, model) = makeApp()
    app.handle([.enter, .character("b")])
    // From Banana, the next option starting with b is Blueberry; then round to Banana again.
    #expect(backend.buffer[2, 3].style.reverse == false)
    app.handle([.enter])
    #expect(model.fruit == .blueberry)
    app.handle([.enter, .character("b"), .enter])
    #expect(model.fruit == .banana)
    app.handle([.enter, .character("G"), .enter])
    #expect(model.fruit == .grape)
    // A letter no option starts with changes nothing, and q does not quit while it is open.
    app.handle([.enter, .character("q"), .enter])
    #expect(model.fruit == .grape)
  }

  @Test func theListScrollsToKeepTheHighlightInView() {
    let (app, backend, _) = makeApp()
    app.handle([.enter, .end])
    #expect(backend.buffer.lines[5].hasPrefix("  Grape"))
    #expect(backend.buffer[2, 5].style.reverse)
    app.handle([.home])
    #expect(backend.buffer.lines[2].hasPrefix("  Apple"))
  }

  @Test func theMouseOpensPicksAndScrolls() {
    let (app, backend, model) = makeApp()
    app.handle([.tab, .mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 1)))])
    #expect(app.focusedIndex == 0)
    #expect(backend.buffer.lines[2].hasPrefix("  Apple"))
    app.handle([.mouse(MouseEvent(.scrollDown, at: Position(x: 3, y: 3)))])
    #expect(backend.buffer[2, 4].style.reverse, "the highlight moved to Blueberry")
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 5)))])
    #expect(model.fruit == .cherry)
    #expect(backend.buffer.lines[1].hasPrefix("Fruit: [ Cherry ▾ ]"))
  }

  @Test func aClickOnThePickersOwnRowClosesItsListAndChoosesNothing() {
    let (app, backend, model) = makeApp()
    app.handle([.tab, .mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 1)))])
    #expect(backend.buffer.lines[2].hasPrefix("  Apple"), "open")
    let before = model.fruit
    app.handle([.mouse(MouseEvent(.press(.left), at: Position(x: 3, y: 1)))])
    #expect(!backend.buffer.lines[2].hasPrefix("  Apple"), "closed, and not opened again")
    #expect(model.fruit == before)
  }

  @Test func narrowAndTinyScreensDoNotCrash() {
    for size in [Size(width: 1, height: 1), Size(width: 8, height: 2), Size(width: 0, height: 0)] {
      let model = Order()
      let backend = HeadlessBackend(width: size.width, height: size.height)
      let app = Application(backend: backend) { OrderView(model: model) }
      app.renderIfNeeded()
      app.handle([.enter, .down, .end, .character("a"), .enter, .escape])
    }
  }
}

extension PickerTests {
  @Test func enterThatPicksGoesNoFurtherThanThePicker() {
    let model = Order()
    var saves = 0
    let app = Application(backend: HeadlessBackend(width: 30, height: 9)) {
      VStack {
        Picker(
          "Fruit", selection: Binding(get: { model.fruit }, set: { model.fruit = $0 }),
          options: Fruit.allCases, visibleOptions: 4
        ) {
          $0.title
        }
        Button("Save", shortcut: .enter) { saves += 1 }
      }
    }
    app.renderIfNeeded()
    app.handle([.enter, .down, .enter])
    #expect(model.fruit == .blueberry)
    #expect(saves == 0, "the screen's Enter did not run too")
  }
}
