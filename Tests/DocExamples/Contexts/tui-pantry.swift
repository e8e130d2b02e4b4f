// The widgets article's pantry: fruits in an `@Observable` model that sorts them when the
// table's sort changes, which columns show, and a view over `@Bindable var pantry: Pantry`
// whose body is the example.
enum FruitColumn: Hashable, Sendable { case name, quantity, origin }

struct Fruit: Identifiable {
  let id: Int
  var name: String
  var quantity: Int
  var origin: String
}

@MainActor @Observable
final class Pantry {
  var fruits = [Fruit(id: 1, name: "Apples", quantity: 12, origin: "Kent")]
  var selection: Fruit.ID?
  var sort: ColumnSort<FruitColumn>?
  var showsOrigin = true
  var columns: [FruitColumn] = [.name, .quantity, .origin]
}

struct PantryTable: View {
  @Bindable var pantry: Pantry
  var body: some View {
    // example
  }
}
