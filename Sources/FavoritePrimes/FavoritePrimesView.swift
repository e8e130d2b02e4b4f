import ComposableArchitecture
import ComposableTerminalUI

/// The favorite primes: a list; ↑/↓ select, `d` deletes the selected prime.
public struct FavoritePrimesView: View {
  let store: StoreOf<FavoritePrimes>

  /// Creates the list's view.
  public init(store: StoreOf<FavoritePrimes>) {
    self.store = store
  }

  var keys: KeyTable<FavoritePrimes.Action> {
    KeyTable {
      KeyBinding(
        .character("d"), "delete", .deleteSelectedTapped, isEnabled: !store.isDeleteButtonDisabled)
    }
  }

  public var body: some View {
    List(
      store.favoritePrimes, id: \.self,
      selection: Binding(get: { store.selection }, set: { store.send(.rowSelected($0)) }),
      emptyText: "No favorite primes yet: save one from the prime modal."
    ) { prime in
      Text("\(prime)")
    }
    .keys(keys) { store.send($0) }
  }
}
