import ComposableTerminalUI
import TerminalUI
import TerminalUITesting
import Testing

@Reducer
private struct Editor {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case saveTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable {
    @Presents var editor: Editor.State?
    @Presents var alert: AlertState<Action.Alert>?
    var saved: [String] = []
    var underlyingTaps = 0
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case editTapped
    case editor(PresentationAction<Editor.Action>)
    case resetTapped
    case underlyingTapped
    enum Alert: Equatable { case confirmReset }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmReset)):
        state.saved = []
        return .none
      case .alert:
        return .none
      case .editTapped:
        state.editor = Editor.State()
        return .none
      case .editor(.presented(.saveTapped)):
        state.saved.append(state.editor?.name ?? "")
        state.alert = AlertState {
          TextState("Saved")
        } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
          ButtonState(role: .cancel) { TextState("Keep") }
        } message: {
          TextState("Reset the list?")
        }
        return .none
      case .editor:
        return .none
      case .resetTapped:
        return .none
      case .underlyingTapped:
        state.underlyingTaps += 1
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { Editor() }
    .ifLet(\.$alert, action: \.alert)
  }
}

private struct ScreenView: View {
  @Bindable var store: StoreOf<Screen>
  var body: some View {
    VStack {
      Text("Items: \(store.saved.joined(separator: ", "))")
      Button("Edit", shortcut: .character("e")) { store.send(.editTapped) }
      Button("Tap", shortcut: .character("t")) { store.send(.underlyingTapped) }
    }
    .sheet(item: $store.scope(state: \.editor, action: \.editor)) { editor in
      EditorView(store: editor)
    }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}

private struct EditorView: View {
  @Bindable var store: StoreOf<Editor>
  var body: some View {
    VStack {
      TextField("Name", text: $store.name)
      Button("Save") { store.send(.saveTapped) }
    }
    .navigationTitle("Edit item")
  }
}

@MainActor
struct OverlayTests {
  @Test func aSheetTrapsFocusAndTheScreensShortcutsAndEscDismissesIt() {
    let store = Store(initialState: Screen.State()) { Screen() }
    let backend = HeadlessBackend(width: 40, height: 10)
    let app = Application(backend: backend) { ScreenView(store: store) }
    app.renderIfNeeded()
    app.handle([.character("e")])
    #expect(store.editor != nil)
    app.handle([.character("t")])
    #expect(store.underlyingTaps == 0)
    #expect(store.editor?.name == "t")
    app.handle([.tab, .tab])
    #expect(app.focusedIndex == 0)
    assertScreen(backend, named: "sheet")
    app.handle([.escape])
    #expect(store.editor == nil)
    app.handle([.character("t")])
    #expect(store.underlyingTaps == 1)
  }

  @Test func anAlertOverASheetTakesTheKeysAndItsButtonsSendTheirActions() {
    let store = Store(initialState: Screen.State()) { Screen() }
    let backend = HeadlessBackend(width: 40, height: 10)
    let app = Application(backend: backend) { ScreenView(store: store) }
    app.renderIfNeeded()
    app.handle([.character("e")] + Array("Pen").map { .character($0) } + [.tab, .enter])
    #expect(store.saved == ["Pen"])
    #expect(store.alert != nil)
    assertScreen(backend, named: "alert")
    // The alert opens on its safe choice, Keep: Enter keeps the list.
    app.handle([.enter])
    #expect(store.alert == nil)
    #expect(store.saved == ["Pen"])
    #expect(app.focusedIndex == 1, "closing the alert gives focus back to the sheet's Save")
    app.handle([.enter])
    #expect(store.saved == ["Pen", "Pen"])
    app.handle([.backTab, .enter])
    #expect(store.alert == nil)
    #expect(store.saved == [])
  }

  @Test func escOnAnAlertSendsDismissAndKeepsTheData() {
    let store = Store(initialState: Screen.State()) { Screen() }
    let app = Application(backend: HeadlessBackend(width: 40, height: 10)) {
      ScreenView(store: store)
    }
    app.renderIfNeeded()
    app.handle([.character("e")] + Array("Ink").map { .character($0) } + [.tab, .enter])
    app.handle([.escape])
    #expect(store.alert == nil)
    #expect(store.saved == ["Ink"])
    #expect(store.editor != nil)
  }
}
