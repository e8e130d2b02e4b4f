import ComposableTerminalUI
import Notes
import TerminalUINCurses

let store = Store(initialState: Notes.State()) { Notes() }
await TerminalApp.run { NotesView(store: store) }
