// A catalogue of products whose navigation path is a `[Product]`, and a view over
// `@Bindable var model: Catalogue` whose body is the example.
struct Product: Hashable {
  var name: String
  var details: String
}

@MainActor @Observable final class Catalogue {
  var products = [Product(name: "Kettle", details: "1.7 litres, steel")]
  var path: [Product] = []
}

struct CatalogueView: View {
  @Bindable var model: Catalogue
  var body: some View {
    // example
  }
}
