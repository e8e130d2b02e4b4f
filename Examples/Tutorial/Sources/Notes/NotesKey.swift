import ComposableTerminalUI

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Note>> {
  /// The notes, kept as JSON in the user's data folder.
  public static var notes: Self {
    .fileStorage(.applicationSupportDirectory.appending(component: "notes/notes.json"))
  }
}
