import ComposableTerminalUI
import Observation
import TerminalUI
import TerminalUITesting
import Testing

// What a new user's process monitor ran into: a filter field over a table, with printable
// shortcuts, and focus moved by the reducer.

@Reducer
private struct Monitor {
  @ObservableState
  struct State: Equatable {
    var processes = [Process(id: 1, name: "sshd"), Process(id: 2, name: "vim")]
    var filter = ""
    var focus: Field?
    var selection: Int?
    var sort: ColumnSort<Column>?
    var killed: [Int] = []
    var opened = 0
    enum Field: Hashable { case filter }
  }
  struct Process: Equatable, Identifiable {
    let id: Int
    var name: String
  }
  enum Column: Hashable, Sendable { case name }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case filterKeyPressed
    case killKeyPressed
    case openKeyPressed
    case filterSubmitted
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .filterKeyPressed:
        state.focus = .filter
        return .none
      case .killKeyPressed:
        state.killed.append(state.selection ?? 0)
        return .none
      case .openKeyPressed:
        state.opened += 1
        return .none
      case .filterSubmitted:
        state.focus = nil
        return .none
      }
    }
  }
}

private struct MonitorView: View {
  @Bindable var store: StoreOf<Monitor>
  static let keys = KeyTable<Monitor.Action> {
    KeyBinding(.character("/"), "filter", .filterKeyPressed)
    KeyBinding(.character("k"), "kill", .killKeyPressed)
    KeyBinding(.character("o"), "open", .openKeyPressed)
  }
  var body: some View {
    VStack {
      TextField("Filter", text: $store.filter)
        .onSubmit { store.send(.filterSubmitted) }
        .focused($store.focus, equals: .filter)
      Table(store.processes, id: \.id, selection: $store.selection, sort: $store.sort) {
        TableColumn("Name", id: Monitor.Column.name) { $0.name }
      }
    }
    .keys(Self.keys) { store.send($0) }
  }
}

@MainActor
private func makeMonitor() -> (Application, HeadlessBackend, StoreOf<Monitor>) {
  let store = Store(initialState: Monitor.State()) { Monitor() }
  let backend = HeadlessBackend(width: 80, height: 8)
  let app = Application(backend: backend, showsHelpBar: true) { MonitorView(store: store) }
  app.renderIfNeeded()
  return (app, backend, store)
}

@MainActor
struct FocusRulesTests {
  @Test func aFieldFocusedAtLaunchListsThePrintableKeysItTakesAndEscReachesThem() {
    let (app, backend, store) = makeMonitor()
    #expect(app.focusedIndex == 0, "the screen's first control")
    #expect(backend.buffer.lines[7].contains("esc leave field for / k o"))
    app.handle([.escape, .character("k")])
    #expect(store.killed == [0])
    #expect(store.filter == "")
    #expect(app.focusedIndex == -1)
    #expect(backend.buffer.lines[7].hasPrefix("/ filter  k kill  o open"))
  }

  @Test func aReducerMovingFocusMidBurstSendsTheRestOfTheBurstToTheField() {
    let (app, backend, store) = makeMonitor()
    app.handle([.tab])
    #expect(app.focusedIndex == 1)
    app.handle([.character("/"), .character("s"), .character("h")])
    #expect(store.filter == "sh")
    #expect(store.sort == nil, "the table never saw the s")
    #expect(app.focusedIndex == 0)
    #expect(backend.buffer.cursor == Position(x: 2, y: 0))
  }

  @Test func aReducerMovingFocusAloneDrawsAFrameWithTheCursorInTheField() {
    let (app, backend, store) = makeMonitor()
    app.handle([.tab])
    let frames = app.frameCount
    app.handle([.character("/")])
    #expect(store.focus == .filter)
    #expect(app.frameCount == frames + 1)
    #expect(backend.buffer.cursor == Position(x: 0, y: 0))
    #expect(backend.buffer.lines[7].contains("esc leave field"))
  }

  @Test func escLeavesTheFieldAndThePrintableShortcutsActAgain() {
    let (app, backend, store) = makeMonitor()
    app.handle([.tab, .character("/"), .character("x"), .escape])
    #expect(store.focus == nil, "leaving the field clears the focus binding")
    #expect(app.focusedIndex == -1)
    #expect(backend.buffer.cursor == nil)
    #expect(backend.buffer.lines[7].contains("k kill"))
    app.handle([.character("k")])
    #expect(store.killed == [0])
    #expect(store.filter == "x")
    app.handle([.tab])
    #expect(app.focusedIndex == 1, "Tab goes on from the field left")
  }

  @Test func shiftTabFromTheFieldLeftGoesToTheControlBeforeIt() {
    let (app, _, _) = makeMonitor()
    app.handle([.escape, .backTab])
    #expect(app.focusedIndex == 1, "before the first control: the last")
    app.handle([.character("/"), .escape, .tab])
    #expect(app.focusedIndex == 1)
  }

  @Test func enterInTheFieldSubmitsAndTheReducerLettingGoOfFocusLeavesIt() {
    let (app, _, store) = makeMonitor()
    app.handle([.tab, .character("/"), .character("v"), .enter, .character("k")])
    #expect(store.filter == "v")
    #expect(store.focus == nil)
    #expect(app.focusedIndex == -1)
    #expect(store.killed == [0], "k after submitting is a shortcut again")
  }

  @Test func aTableMarkedDefaultFocusHasItAtLaunchSoPrintableKeysAreShortcuts() {
    let store = Store(initialState: Monitor.State()) { Monitor() }
    let app = Application(backend: HeadlessBackend(width: 60, height: 8)) {
      VStack {
        TextField("Filter", text: Binding(get: { store.filter }, set: { store.filter = $0 }))
        Button("Refresh") {}.defaultFocus()
      }
      .keys(MonitorView.keys) { store.send($0) }
    }
    app.renderIfNeeded()
    app.handle([.character("k")])
    #expect(store.killed == [0])
  }
}

@MainActor
struct EscapeInAFieldTests {
  @Observable
  final class Model {
    var path: [String] = []
    var text = ""
    var opened = 0
  }

  private func stack(_ model: Model, printableShortcut: Bool) -> Application {
    let app = Application(backend: HeadlessBackend(width: 40, height: 6), showsHelpBar: true) {
      NavigationStack(path: Binding(get: { model.path }, set: { model.path = $0 })) {
        NavigationLink("Open", value: "note")
      } destination: { _ in
        VStack {
          TextField("Text", text: Binding(get: { model.text }, set: { model.text = $0 }))
          if printableShortcut {
            Button("Open", shortcut: .character("o")) { model.opened += 1 }
          }
        }
      }
    }
    app.renderIfNeeded()
    app.handle([.enter])
    return app
  }

  @Test func onAPushedScreenWithoutPrintableShortcutsEscInAFieldGoesBack() {
    let model = Model()
    let app = stack(model, printableShortcut: false)
    #expect(model.path == ["note"])
    #expect(app.helpText.contains("esc back"))
    app.handle([.character("a"), .escape])
    #expect(model.path == [])
    #expect(model.text == "a")
  }

  @Test func onAPushedScreenWithPrintableShortcutsEscLeavesTheFieldThenGoesBack() {
    let model = Model()
    let app = stack(model, printableShortcut: true)
    #expect(app.helpText.contains("esc leave field"))
    app.handle([.escape, .character("o")])
    #expect(model.opened == 1)
    #expect(model.path == ["note"])
    #expect(app.helpText.contains("esc back"))
    app.handle([.escape])
    #expect(model.path == [])
  }
}
