import ComposableTerminalUI

/// The notes on a navigation stack: the list, `n` to write a new note in a sheet, Enter to open
/// the selected one, `d` to delete it.
public struct NotesView: View {
  @Bindable var store: StoreOf<Notes>

  /// Creates the view of the notes.
  public init(store: StoreOf<Notes>) {
    self.store = store
  }

  public var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      VStack {
        List(
          store.notes, id: \.id, selection: $store.selection,
          emptyText: "No notes yet: press n to write one.",
          onActivate: { _ in store.send(.openButtonTapped) }
        ) { note in
          Text(note.title)
        }
        HStack {
          Button("New", shortcut: .character("n")) { store.send(.newNoteButtonTapped) }
          Button("Delete", shortcut: .character("d")) { store.send(.deleteButtonTapped) }
            .disabled(store.selection == nil)
        }
      }
      .navigationTitle("Notes")
      .sheet(item: $store.scope(state: \.newNote, action: \.newNote)) { store in
        NoteEditorView(store: store)
      }
    } destination: { store in
      NoteEditorView(store: store)
    }
  }
}
