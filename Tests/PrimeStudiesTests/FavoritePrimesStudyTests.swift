import ComposableArchitecture
import Counter
import FavoritePrimes
import FavoritePrimesStudy
import Foundation
import PrimeModal
import Testing

@MainActor
struct FavoritePrimesStudyTests {
  static let now = Date(timeIntervalSince1970: 1_000_000)

  @Test func switchingTabsShowsTheOtherScreen() async {
    let store = TestStore(
      initialState: FavoritePrimesStudy.State(favoritePrimes: Shared(value: []))
    ) {
      FavoritePrimesStudy()
    }
    await store.send(.tabSelected(.favoritePrimes)) { $0.tab = .favoritePrimes }
    await store.send(.tabSelected(.counter)) { $0.tab = .counter }
  }

  @Test func theActivityFeedRecordsEverySaveAndRemovalWithItsTime() async {
    let store = TestStore(
      initialState: FavoritePrimesStudy.State(favoritePrimes: Shared(value: []))
    ) {
      FavoritePrimesStudy()
    } withDependencies: {
      $0.date = .constant(Self.now)
    }
    await store.send(\.counter.incrementButtonTapped) { $0.counter.count = 1 }
    await store.send(\.counter.incrementButtonTapped) { $0.counter.count = 2 }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModalState(count: 2, favoritePrimes: $0.counter.$favoritePrimes)
    }
    await store.send(\.counter.primeModal.saveFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [2] }
      $0.activityFeed = [Activity(timestamp: Self.now, kind: .addedFavoritePrime(2))]
    }
    await store.send(\.counter.primeModal.removeFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [] }
      $0.activityFeed.append(Activity(timestamp: Self.now, kind: .removedFavoritePrime(2)))
    }
    await store.send(\.counter.primeModal.saveFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [2] }
      $0.activityFeed.append(Activity(timestamp: Self.now, kind: .addedFavoritePrime(2)))
    }
    await store.send(\.counter.primeModal.dismiss) { $0.counter.primeModal = nil }
    await store.send(.tabSelected(.favoritePrimes)) { $0.tab = .favoritePrimes }
    #expect(store.state.favoritePrimes.favoritePrimes == [2])
    await store.send(\.favoritePrimes.rowSelected, 2) { $0.favoritePrimes.selection = 2 }
    await store.send(\.favoritePrimes.deleteSelectedTapped) {
      $0.favoritePrimes.$favoritePrimes.withLock { $0 = [] }
      $0.favoritePrimes.selection = nil
      $0.activityFeed.append(Activity(timestamp: Self.now, kind: .removedFavoritePrime(2)))
    }
    #expect(
      store.state.activityFeed.map(\.description) == [
        "Added 2 to favorite primes",
        "Removed 2 from favorite primes",
        "Added 2 to favorite primes",
        "Removed 2 from favorite primes",
      ])
  }

  @Test func theFeedRecordsEachRowOfAMultipleDeletion() async {
    let store = TestStore(
      initialState: FavoritePrimesStudy.State(
        favoritePrimes: Shared(value: [2, 3, 5]), tab: .favoritePrimes)
    ) {
      FavoritePrimesStudy()
    } withDependencies: {
      $0.date = .constant(Self.now)
    }
    await store.send(\.favoritePrimes.deleteRows, [0, 2]) {
      $0.favoritePrimes.$favoritePrimes.withLock { $0 = [3] }
      $0.activityFeed = [
        Activity(timestamp: Self.now, kind: .removedFavoritePrime(2)),
        Activity(timestamp: Self.now, kind: .removedFavoritePrime(5)),
      ]
    }
  }

  @Test func theStudyKeepsItsFavoritesUnderThePersistedKey() async {
    @Shared(.favoritePrimes) var persisted: [Int] = []
    $persisted.withLock { $0 = [7] }
    let store = TestStore(initialState: FavoritePrimesStudy.State()) {
      FavoritePrimesStudy()
    } withDependencies: {
      $0.date = .constant(Self.now)
    }
    #expect(store.state.counter.favoritePrimes == [7])
    #expect(store.state.favoritePrimes.favoritePrimes == [7])
    await store.send(\.favoritePrimes.deleteRows, [0]) {
      $0.favoritePrimes.$favoritePrimes.withLock { $0 = [] }
      $0.activityFeed = [Activity(timestamp: Self.now, kind: .removedFavoritePrime(7))]
    }
    #expect(persisted == [])
  }
}
