import ComposableArchitecture
import FavoritePrimes
import Foundation
import Testing

@MainActor
struct FavoritePrimesTests {
  @Test func deletingTheSelectedPrimeSelectsTheRowThatTakesItsPlace() async {
    let store = TestStore(
      initialState: FavoritePrimes.State(favoritePrimes: Shared(value: [2, 3, 5]))
    ) {
      FavoritePrimes()
    }
    #expect(store.state.isDeleteButtonDisabled)
    await store.send(.rowSelected(3)) { $0.selection = 3 }
    await store.send(.deleteSelectedTapped) {
      $0.$favoritePrimes.withLock { $0 = [2, 5] }
      $0.selection = 5
    }
    await store.send(.deleteSelectedTapped) {
      $0.$favoritePrimes.withLock { $0 = [2] }
      $0.selection = 2
    }
    await store.send(.deleteSelectedTapped) {
      $0.$favoritePrimes.withLock { $0 = [] }
      $0.selection = nil
    }
    await store.send(.deleteSelectedTapped)
  }

  @Test func selectingAPrimeThatIsNotListedSelectsNothing() async {
    let store = TestStore(
      initialState: FavoritePrimes.State(favoritePrimes: Shared(value: [2, 3]), selection: 2)
    ) {
      FavoritePrimes()
    }
    await store.send(.rowSelected(4)) { $0.selection = nil }
    await store.send(.rowSelected(3)) { $0.selection = 3 }
    await store.send(.rowSelected(nil)) { $0.selection = nil }
  }

  @Test func deletingSeveralRowsKeepsAnUnaffectedSelection() async {
    let store = TestStore(
      initialState: FavoritePrimes.State(
        favoritePrimes: Shared(value: [2, 3, 5, 7]), selection: 3)
    ) {
      FavoritePrimes()
    }
    await store.send(.deleteRows([0, 2])) {
      $0.$favoritePrimes.withLock { $0 = [3, 7] }
    }
    await store.send(.deleteRows([0, 5])) {
      $0.$favoritePrimes.withLock { $0 = [7] }
      $0.selection = 7
    }
  }
}
