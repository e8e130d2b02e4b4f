/// Whether a view lets the user edit its content, as SwiftUI's `EditMode`: state ported from
/// upstream that keeps one (`var editMode: EditMode = .inactive`) compiles, binds and tests as
/// there.
///
/// A terminal has no environment to hand it down, so the view that edits reads it from the
/// store, and ``EditButton`` switches it through a binding:
///
/// ```swift
/// @Reducer
/// struct Todos {
///   @ObservableState
///   struct State: Equatable {
///     var editMode: EditMode = .inactive
///     var todos = ["Milk", "Eggs"]
///   }
///   enum Action: BindableAction {
///     case binding(BindingAction<State>)
///   }
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///   }
/// }
///
/// struct TodosView: View {
///   @Bindable var store: StoreOf<Todos>
///   var body: some View {
///     VStack {
///       EditButton(editMode: $store.editMode)
///       ForEach(store.todos, id: \.self) { todo in
///         Text(store.editMode.isEditing ? "× " + todo : todo)
///       }
///     }
///   }
/// }
/// ```
public enum EditMode: Hashable, Sendable {
  /// Not editing.
  case inactive
  /// Editing for a moment (SwiftUI's swipe to delete); counts as editing.
  case transient
  /// Editing.
  case active

  /// Whether the mode is `transient` or `active`.
  public var isEditing: Bool { self != .inactive }
}

/// A button that switches an ``EditMode``: titled Edit while inactive and Done while editing,
/// as SwiftUI's. It takes the mode as a binding, where SwiftUI's reads the environment.
public struct EditButton: View {
  let editMode: Binding<EditMode>

  /// A button that switches `editMode` between `.inactive` and `.active`.
  public init(editMode: Binding<EditMode>) {
    self.editMode = editMode
  }

  public var body: some View {
    let editMode = self.editMode
    Button(editMode.wrappedValue.isEditing ? "Done" : "Edit") {
      editMode.wrappedValue = editMode.wrappedValue.isEditing ? .inactive : .active
    }
  }
}
