import ComposableArchitecture
import ComposableTerminalUI

/// The inventory: the items with their quantities; `a` adds, `e` or Enter edits, `d` deletes
/// after a confirmation.
public struct InventoryView: View {
  @Bindable var store: StoreOf<InventoryFeature>

  /// Creates the list's view.
  public init(store: StoreOf<InventoryFeature>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text("Items in stock: ↑/↓ choose, enter edits.").dim()
      List(
        store.items, selection: $store.selection.sending(\.selectionChanged),
        emptyText: "No items: press a to add one.",
        onActivate: { _ in store.send(.editButtonTapped) }
      ) { item in
        Text("\(item.name)  ×\(item.quantity)")
      }
      HStack {
        Button("Add", shortcut: .character("a")) { store.send(.addButtonTapped) }
        Button("Edit", shortcut: .character("e")) { store.send(.editButtonTapped) }
          .disabled(store.selection == nil)
        Button("Delete", shortcut: .character("d")) { store.send(.deleteButtonTapped) }
          .disabled(store.selection == nil)
      }
    }
    .navigationTitle("Inventory")
    .sheet(item: $store.scope(state: \.destination?.add, action: \.destination.add)) {
      ItemFormView(store: $0, title: "New item")
    }
    .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
      ItemFormView(store: $0, title: "Edit item")
    }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
  }
}

/// The item form: name and quantity with their problems under them, Save and Cancel.
public struct ItemFormView: View {
  @Bindable var store: StoreOf<ItemFormFeature>
  let title: String

  /// Creates the form's view, titled `title`.
  public init(store: StoreOf<ItemFormFeature>, title: String) {
    self.store = store
    self.title = title
  }

  public var body: some View {
    VStack {
      Text("Name")
      TextField("e.g. Keyboard", text: $store.item.name)
      Text(store.nameError.map { "  ⚠ " + $0 } ?? "").style(.danger)
      Text("Quantity")
      TextField("0", text: $store.quantityText)
      Text(store.quantityError.map { "  ⚠ " + $0 } ?? "").style(.danger)
      HStack {
        Button("Save", shortcut: .ctrl("s")) { store.send(.saveButtonTapped) }
          .disabled(store.isSaveDisabled)
        Button("Cancel", shortcut: .ctrl("x")) { store.send(.cancelButtonTapped) }
      }
    }
    .navigationTitle(title)
  }
}
