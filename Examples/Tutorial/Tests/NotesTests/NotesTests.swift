import ComposableTerminalUI
import Notes
import TerminalUITesting
import Testing

@MainActor
struct NotesTests {
  @Test func aNewNoteIsSavedToTheList() async {
    let store = TestStore(initialState: Notes.State()) {
      Notes()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.newNoteButtonTapped) {
      $0.newNote = NoteEditor.State(note: Note(id: UUID(0)))
    }
    await store.send(\.newNote.binding.note, Note(id: UUID(0), title: "Milk")) {
      $0.newNote?.note.title = "Milk"
    }
    await store.send(\.newNote.saveButtonTapped)
    await store.receive(\.newNote.delegate.save) {
      $0.$notes.withLock { $0 = [Note(id: UUID(0), title: "Milk")] }
      $0.selection = UUID(0)
    }
    await store.receive(\.newNote.dismiss) {
      $0.newNote = nil
    }
  }

  @Test func anOpenedNoteIsEditedInPlace() async {
    var state = Notes.State()
    state.$notes.withLock { $0 = [Note(id: UUID(0), title: "Milk")] }
    state.selection = UUID(0)
    let store = TestStore(initialState: state) { Notes() }

    await store.send(.openButtonTapped) {
      $0.path.append(NoteEditor.State(note: Note(id: UUID(0), title: "Milk")))
    }
    await store.send(\.path[id: 0].binding.note, Note(id: UUID(0), title: "Oat milk")) {
      $0.path[id: 0]?.note.title = "Oat milk"
    }
    await store.send(\.path[id: 0].saveButtonTapped)
    await store.receive(\.path[id: 0].delegate.save) {
      $0.$notes.withLock { $0[id: UUID(0)]?.title = "Oat milk" }
    }
    await store.receive(\.path.popFrom) {
      $0.path = StackState()
    }
  }

  @Test func deletingSelectsTheFirstNoteLeft() async {
    var state = Notes.State()
    state.$notes.withLock {
      $0 = [Note(id: UUID(0), title: "Milk"), Note(id: UUID(1), title: "Bread")]
    }
    state.selection = UUID(0)
    let store = TestStore(initialState: state) { Notes() }

    await store.send(.deleteButtonTapped) {
      $0.$notes.withLock { $0.remove(id: UUID(0)) }
      $0.selection = UUID(1)
    }
  }

  @Test func theListShowsTheNotesAndItsKeys() {
    var state = Notes.State()
    state.$notes.withLock {
      $0 = [Note(id: UUID(0), title: "Milk"), Note(id: UUID(1), title: "Bread")]
    }
    state.selection = UUID(0)
    let store = Store(initialState: state) { Notes() }
    let backend = HeadlessBackend(width: 60, height: 8)
    let app = Application(backend: backend, showsHelpBar: true) { NotesView(store: store) }
    app.renderIfNeeded()
    assertScreen(backend, named: "two-notes")
  }
}
