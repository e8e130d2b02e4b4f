import ComposableTerminalUI
import TerminalUI
import Testing

// SwiftUI's value types that upstream's view code names (LocalizedStringKey, EditMode, Color by
// name), with what they mean on a terminal.

@Reducer
private struct Todos {
  @ObservableState
  struct State: Equatable {
    var editMode: EditMode = .inactive
    var todos = ["Milk", "Eggs"]
    var notify = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

private struct TodosView: View {
  @Bindable var store: StoreOf<Todos>
  let title: LocalizedStringKey

  var body: some View {
    VStack {
      Text(title)
      EditButton(editMode: $store.editMode)
      Toggle(LocalizedStringKey("Notify"), isOn: $store.notify)
      ForEach(store.todos, id: \.self) { todo in
        Text(store.editMode.isEditing ? "× " + todo : todo)
      }
    }
  }
}

@MainActor
private func makeApp(title: LocalizedStringKey) -> (Application, HeadlessBackend, StoreOf<Todos>) {
  let store = Store(initialState: Todos.State()) { Todos() }
  let backend = HeadlessBackend(width: 16, height: 5)
  let app = Application(backend: backend) { TodosView(store: store, title: title) }
  app.renderIfNeeded()
  return (app, backend, store)
}

@MainActor
struct SwiftUIValuesTests {
  @Test func aLocalizedStringKeyDrawsItsKeyInterpolationsIncluded() {
    let count = 2
    let (_, backend, _) = makeApp(title: "Todos (\(count))")
    #expect(backend.buffer.lines[0] == "Todos (2)       ")
    #expect(backend.buffer.lines[2] == "[ ] Notify      ")
  }

  @Test func theEditButtonSwitchesTheStoresEditMode() {
    let (app, backend, store) = makeApp(title: "Todos")
    #expect(backend.buffer.lines[1] == "[ Edit ]        ")
    #expect(backend.buffer.lines[3] == "Milk            ")
    app.handle([.enter])
    #expect(store.editMode == .active)
    #expect(backend.buffer.lines[1] == "[ Done ]        ")
    #expect(backend.buffer.lines[3] == "× Milk          ")
    app.handle([.enter])
    #expect(store.editMode == .inactive)
    #expect(backend.buffer.lines[3] == "Milk            ")
  }

  @Test func aTransientEditModeIsEditingAndTheButtonEndsIt() {
    #expect(EditMode.transient.isEditing)
    #expect(EditMode.active.isEditing)
    #expect(!EditMode.inactive.isEditing)
    let (app, backend, store) = makeApp(title: "Todos")
    store.editMode = .transient
    app.renderIfNeeded()
    #expect(backend.buffer.lines[1] == "[ Done ]        ")
    app.handle([.enter])
    #expect(store.editMode == .inactive)
  }

  @Test func aTestStoreSendsTheEditModeAsABindingAction() async {
    let store = TestStore(initialState: Todos.State()) { Todos() }
    await store.send(\.binding.editMode, .active) {
      $0.editMode = .active
    }
  }

  @Test func swiftUIColourNamesGiveTheirTerminalColours() {
    #expect(Color("Orange") == .orange)
    #expect(Color("grey") == .gray)
    #expect(Color("white") == .brightWhite)
    #expect(Color("teal") == .indexed(37))
    #expect(Color.primary == .default)
    #expect(Color.accentColor == .blue)
  }

  @Test func otherNamesPickAColourOfTheCubeTheSameInEveryRun() {
    #expect(Color("bubblegum") == .indexed(206))
    #expect(Color("buttercup") == .indexed(73))
    #expect(Color("bubblegum") != Color("buttercup"))
    let cube = (16...231).map { Color.indexed(UInt8($0)) }
    for name in ["seafoam", "periwinkle", "oxblood", "", "🌈"] {
      #expect(cube.contains(Color(name)))
    }
  }
}
