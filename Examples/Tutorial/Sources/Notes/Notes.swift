import ComposableTerminalUI

/// The notes: a list with a selection, a new note written in a sheet, notes opened on a stack,
/// all saved to a file after every change.
@Reducer
public struct Notes {
  @ObservableState
  public struct State: Equatable {
    @Shared(.notes) public var notes: IdentifiedArrayOf<Note> = []
    @Presents public var newNote: NoteEditor.State?
    public var path = StackState<NoteEditor.State>()
    public var selection: Note.ID?

    public init() {}
  }

  public enum Action: BindableAction {
    case binding(BindingAction<State>)
    case deleteButtonTapped
    case newNote(PresentationAction<NoteEditor.Action>)
    case newNoteButtonTapped
    case openButtonTapped
    case path(StackActionOf<NoteEditor>)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .deleteButtonTapped:
        guard let id = state.selection else { return .none }
        _ = state.$notes.withLock { $0.remove(id: id) }
        state.selection = state.notes.first?.id
        return .none

      case .newNoteButtonTapped:
        state.newNote = NoteEditor.State(note: Note(id: uuid()))
        return .none

      case let .newNote(.presented(.delegate(.save(note)))):
        state.$notes.withLock { $0.append(note) }
        state.selection = note.id
        return .none

      case .openButtonTapped:
        guard let id = state.selection, let note = state.notes[id: id] else { return .none }
        state.path.append(NoteEditor.State(note: note))
        return .none

      case let .path(.element(id: _, action: .delegate(.save(note)))):
        state.$notes.withLock { $0[id: note.id] = note }
        return .none

      case .binding, .newNote, .path:
        return .none
      }
    }
    .ifLet(\.$newNote, action: \.newNote) {
      NoteEditor()
    }
    .forEach(\.path, action: \.path) {
      NoteEditor()
    }
  }
}
