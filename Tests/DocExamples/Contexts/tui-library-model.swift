// A model whose `deleteAll()` an alert's button calls.
@MainActor @Observable final class Library {
  var books = ["Dune", "Emma"]
  func deleteAll() { books.removeAll() }
}
let model = Library()
