import ComposableArchitecture
import ComposableTerminalUI

/// The prime modal: whether the count is prime and, when it is, a button that saves it to or
/// removes it from the favourite primes (`f`). Esc closes it.
public struct PrimeModalView: View {
  let store: StoreOf<PrimeModal>

  /// Creates the modal's view.
  public init(store: StoreOf<PrimeModal>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text(store.message).bold()
      if let title = store.toggleFavoriteTitle {
        Button(title, shortcut: .character("f")) {
          store.send(store.countIsFavorite ? .removeFavoritePrimeTapped : .saveFavoritePrimeTapped)
        }
      }
      Text(
        "Favorite primes: \(store.favoritePrimes.isEmpty ? "none" : store.favoritePrimes.map(String.init).joined(separator: ", "))"
      )
      .dim()
    }
    .navigationTitle("Is \(store.count) prime?")
  }
}
