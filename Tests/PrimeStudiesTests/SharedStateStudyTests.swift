import ComposableArchitecture
import FavoritePrimesStudy
import PrimeModal
import SharedStateStudy
import Testing

extension Stats {
  /// Stats after a walk of increments (+1) and decrements (-1) from zero.
  static func after(_ steps: [Int]) -> Stats {
    var stats = Stats()
    for step in steps {
      if step > 0 { stats.increment() } else { stats.decrement() }
    }
    return stats
  }
}

@MainActor
struct StatsTests {
  @Test func incrementingPastMaxRaisesMax() {
    let stats = Stats.after([1, 1, -1, 1, 1])
    #expect(stats.count == 3)
    #expect(stats.maxCount == 3)
    #expect(stats.minCount == 0)
    #expect(stats.numberOfCounts == 5)
  }

  @Test func decrementingBelowMinLowersMinAndKeepsMax() {
    let stats = Stats.after([1, -1, -1, -1, 1])
    #expect(stats.count == -1)
    #expect(stats.maxCount == 1)
    #expect(stats.minCount == -2)
    #expect(stats.numberOfCounts == 5)
  }

  @Test func minNeverExceedsCountWhichNeverExceedsMax() {
    var stats = Stats()
    var seed: UInt64 = 42
    for _ in 0..<500 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      if seed >> 63 == 0 { stats.increment() } else { stats.decrement() }
      #expect(stats.minCount <= stats.count && stats.count <= stats.maxCount)
    }
    #expect(stats.numberOfCounts == 500)
  }

  @Test func resetGoesBackToZero() {
    var stats = Stats.after([1, 1, -1])
    stats.reset()
    #expect(stats == Stats())
  }
}

@MainActor
struct SharedStateStudyTests {
  func makeStore(
    stats: Shared<Stats> = Shared(value: Stats()),
    favoritePrimes: Shared<[Int]> = Shared(value: [])
  ) -> TestStore<SharedStateStudy.State, SharedStateStudy.Action> {
    TestStore(
      initialState: SharedStateStudy.State(stats: stats, favoritePrimes: favoritePrimes)
    ) {
      SharedStateStudy()
    }
  }

  @Test func countingOnTheCounterTabUpdatesTheStatsEveryTabHolds() async {
    let store = makeStore()
    await store.send(\.counter.incrementButtonTapped) {
      $0.$stats.withLock { $0.increment() }
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$stats.withLock { $0.increment() }
    }
    await store.send(\.counter.decrementButtonTapped) {
      $0.profile.$stats.withLock { $0.decrement() }
    }
    #expect(store.state.stats == Stats.after([1, 1, -1]))
    #expect(store.state.counter.stats == store.state.stats)
    #expect(store.state.profile.stats == store.state.stats)
    #expect(store.state.counterTabTitle == "Counter (1)")
  }

  @Test func switchingToTheOtherTabCountsAndReselectingDoesNot() async {
    let store = makeStore()
    await store.send(.tabSelected(.profile)) {
      $0.currentTab = .profile
      $0.tabSwitches = 1
    }
    await store.send(.tabSelected(.profile))
    await store.send(.tabSelected(.counter)) {
      $0.currentTab = .counter
      $0.tabSwitches = 2
    }
  }

  @Test func resettingTheStatsAsksFirstAndCancelKeepsThem() async {
    let store = makeStore(stats: Shared(value: Stats.after([1, 1])))
    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.alert = .confirmReset
    }
    #expect(store.state.profile.alert?.buttons.map(\.role) == [.destructive, .cancel])
    await store.send(\.profile.alert.dismiss) {
      $0.profile.alert = nil
    }
    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.alert = .confirmReset
    }
    await store.send(\.profile.alert.confirmReset) {
      $0.profile.alert = nil
      $0.$stats.withLock { $0.reset() }
    }
    #expect(store.state.counter.stats == Stats())
  }

  @Test func thePrimeModalOnTheCounterTabSavesToTheSharedFavorites() async {
    let favorites = Shared(value: [Int]())
    let store = makeStore(stats: Shared(value: Stats.after([1, 1, 1])), favoritePrimes: favorites)
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModalState(count: 3, favoritePrimes: favorites)
    }
    await store.send(\.counter.primeModal.saveFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [3] }
    }
    await store.send(\.counter.primeModal.removeFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [] }
    }
    await store.send(\.counter.primeModal.dismiss) {
      $0.counter.primeModal = nil
    }
  }

  @Test func aFavoriteSavedHereIsListedInTheFavoritePrimesStudy() async {
    let store = TestStore(initialState: SharedStateStudy.State()) { SharedStateStudy() }
    await store.send(\.counter.incrementButtonTapped) {
      $0.$stats.withLock { $0.increment() }
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.$stats.withLock { $0.increment() }
    }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.primeModal = PrimeModalState(count: 2, favoritePrimes: $0.counter.$favoritePrimes)
    }
    await store.send(\.counter.primeModal.saveFavoritePrimeTapped) {
      $0.counter.$favoritePrimes.withLock { $0 = [2] }
    }
    let other = FavoritePrimesStudy.State()
    #expect(other.favoritePrimes.favoritePrimes == [2])
    #expect(other.counter.favoritePrimes == [2])
  }

  @Test func statsChangedOutsideAnActionAreSeenByEveryHolder() async {
    @Shared(.stats) var stats = Stats()
    let store = TestStore(initialState: SharedStateStudy.State()) { SharedStateStudy() }
    $stats.withLock { $0.increment() }
    #expect(store.state.stats.count == 1)
    #expect(store.state.counter.stats.count == 1)
    #expect(store.state.profile.stats.count == 1)
    store.assert {
      $0.$stats.withLock { $0.increment() }
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.$stats.withLock { $0.increment() }
    }
    #expect(stats == Stats.after([1, 1]))
  }

  @Test func aStoreReadingTheProfileIsToldWhenStatsChangeOutsideAnAction() {
    @Shared(.stats) var stats = Stats()
    let store = Store(initialState: SharedStateStudy.State()) { SharedStateStudy() }
    let profile = store.scope(state: \.profile, action: \.profile)
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = profile.stats.maxCount
    } onChange: {
      fired.setValue(true)
    }
    $stats.withLock { $0.increment() }
    #expect(fired.value)
    #expect(profile.stats.maxCount == 1)
  }
}
