// An `@Observable` model of items (a selection, a sort by the columns of ItemColumn, which
// columns show, an item being edited, one waiting for deletion), the screen that lists them and
// an item's editor.
enum ItemColumn: Hashable, Sendable { case name, quantity }

struct Item: Identifiable, Hashable {
  let id: Int
  var name: String
  var quantity = 1
}

@MainActor @Observable final class ItemsModel {
  var items = [Item(id: 1, name: "Apples", quantity: 3), Item(id: 2, name: "Pears")]
  var selection: Item.ID?
  var sort: ColumnSort<ItemColumn>?
  var showsQuantity = true
  var columns: [ItemColumn] = [.name, .quantity]
  var editing: Item?
  var pendingDeletion: Item?
  func delete(_ item: Item) { items.removeAll { $0.id == item.id } }
}

struct ItemsView: View {
  let model: ItemsModel
  var body: some View {
    ForEach(model.items) { item in Text(item.name) }
  }
}

struct ItemEditor: View {
  let item: Item
  var body: some View { Text("Editing \(item.name)") }
}
