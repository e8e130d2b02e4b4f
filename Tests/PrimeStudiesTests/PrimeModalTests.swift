import ComposableArchitecture
import PrimeModal
import Testing

@MainActor
struct PrimeModalTests {
  @Test func savingAPrimeAddsItOnceToTheFavorites() async {
    let store = TestStore(
      initialState: PrimeModalState(count: 7, favoritePrimes: Shared(value: [2]))
    ) {
      PrimeModal()
    }
    #expect(store.state.message == "7 is prime 🎉")
    #expect(store.state.toggleFavoriteTitle == "Save to favorite primes")
    await store.send(.saveFavoritePrimeTapped) {
      $0.$favoritePrimes.withLock { $0 = [2, 7] }
    }
    #expect(store.state.toggleFavoriteTitle == "Remove from favorite primes")
    await store.send(.saveFavoritePrimeTapped)
  }

  @Test func removingAFavoriteTakesItOut() async {
    let store = TestStore(
      initialState: PrimeModalState(count: 3, favoritePrimes: Shared(value: [2, 3, 5]))
    ) {
      PrimeModal()
    }
    await store.send(.removeFavoritePrimeTapped) {
      $0.$favoritePrimes.withLock { $0 = [2, 5] }
    }
    await store.send(.removeFavoritePrimeTapped)
  }

  @Test func aNumberThatIsNotPrimeIsNeverSavedOrRemoved() async {
    let store = TestStore(
      initialState: PrimeModalState(count: 8, favoritePrimes: Shared(value: [2]))
    ) {
      PrimeModal()
    }
    #expect(store.state.message == "8 is not prime :(")
    #expect(store.state.toggleFavoriteTitle == nil)
    await store.send(.saveFavoritePrimeTapped)
    await store.send(.removeFavoritePrimeTapped)
  }

  @Test func aPrimeSavedInTheModalReachesEveryHolderOfTheFavoritesKey() async {
    @Shared(.favoritePrimes) var elsewhere: [Int] = []
    let store = TestStore(
      initialState: PrimeModalState(
        count: 11, favoritePrimes: Shared(wrappedValue: [], .favoritePrimes))
    ) {
      PrimeModal()
    }
    await store.send(.saveFavoritePrimeTapped) {
      $0.$favoritePrimes.withLock { $0 = [11] }
    }
    #expect(elsewhere == [11])
  }

  @Test func isPrimeAgreesWithASieve() {
    let limit = 2_000
    var sieve = [Bool](repeating: true, count: limit + 1)
    sieve[0] = false
    sieve[1] = false
    for number in 2...limit where sieve[number] {
      for multiple in stride(from: number * number, through: limit, by: number) {
        sieve[multiple] = false
      }
    }
    for number in 0...limit {
      #expect(isPrime(number) == sieve[number], "\(number)")
    }
    #expect(!isPrime(-7))
    #expect(isPrime(2_147_483_647))
  }
}
