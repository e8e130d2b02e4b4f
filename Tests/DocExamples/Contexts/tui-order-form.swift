// The widgets article's order form: an `@Observable` model (a name, an address, delivery
// notes, a way of shipping) and a view over `@Bindable var model: OrderForm` whose body is the
// example.
enum Shipping: CaseIterable {
  case standard, express, collect
  var title: String { "\(self)".capitalized }
}

@MainActor @Observable
final class OrderForm {
  var name = ""
  var street = ""
  var town = ""
  var postcode = ""
  var notes = ""
  var shipping = Shipping.standard
  func send() {}
}

struct OrderFormView: View {
  @Bindable var model: OrderForm
  var body: some View {
    // example
  }
}
