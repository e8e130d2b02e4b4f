import ComposableTerminalUI

/// Edits a copy of a note; Save hands it to the parent and closes the editor.
@Reducer
public struct NoteEditor {
  @ObservableState
  public struct State: Equatable {
    public var note: Note
    public var isSaveDisabled: Bool { note.title.trimmingCharacters(in: .whitespaces).isEmpty }

    public init(note: Note) {
      self.note = note
    }
  }

  public enum Action: BindableAction {
    case binding(BindingAction<State>)
    case delegate(Delegate)
    case saveButtonTapped

    public enum Delegate: Equatable {
      case save(Note)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding, .delegate:
        return .none
      case .saveButtonTapped:
        return .run { [note = state.note, dismiss] send in
          await send(.delegate(.save(note)))
          await dismiss()
        }
      }
    }
  }
}

/// The editor: the title, the text, and Save (Ctrl-S).
public struct NoteEditorView: View {
  @Bindable var store: StoreOf<NoteEditor>

  /// Creates the editor's view.
  public init(store: StoreOf<NoteEditor>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      TextField("Title", text: $store.note.title)
      TextEditor("Write something…", text: $store.note.text)
      Button("Save", shortcut: .ctrl("s")) { store.send(.saveButtonTapped) }
        .disabled(store.isSaveDisabled)
    }
    .navigationTitle(store.note.title.isEmpty ? "New note" : store.note.title)
  }
}
