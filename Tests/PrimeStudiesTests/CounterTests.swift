import ComposableArchitecture
import Counter
import PrimeModal
import Testing

@MainActor
struct CounterTests {
  @Test func incrementingAndDecrementingChangeTheCount() async {
    let store = TestStore(initialState: Counter.State(favoritePrimes: Shared(value: []))) {
      Counter()
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
    #expect(store.state.nthPrimeButtonTitle == "What is the 1st prime?")
  }

  @Test func isThisPrimeOpensTheModalWhichSavesToTheCountersFavorites() async {
    let store = TestStore(
      initialState: Counter.State(count: 5, favoritePrimes: Shared(value: [2]))
    ) {
      Counter()
    }
    await store.send(.isPrimeButtonTapped) {
      $0.primeModal = PrimeModalState(count: 5, favoritePrimes: $0.$favoritePrimes)
    }
    await store.send(\.primeModal.saveFavoritePrimeTapped) {
      $0.$favoritePrimes.withLock { $0 = [2, 5] }
    }
    #expect(store.state.primeModal?.favoritePrimes == [2, 5])
    await store.send(\.primeModal.removeFavoritePrimeTapped) {
      $0.$favoritePrimes.withLock { $0 = [2] }
    }
    await store.send(.primeModal(.dismiss)) {
      $0.primeModal = nil
    }
  }

  @Test func thePrimeModalStateWritesBackToTheCounter() {
    var state = Counter.State(count: 3, favoritePrimes: Shared(value: []))
    var modal = state.primeModalState
    modal.count = 13
    modal.$favoritePrimes = Shared(value: [13])
    state.primeModalState = modal
    #expect(state.count == 13)
    #expect(state.favoritePrimes == [13])
  }

  @Test func theNthPrimeIsSearchedWithProgressAndShownInAnAlert() async {
    let (events, continuation) = AsyncStream.makeStream(of: NthPrimeEvent.self)
    let requested = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: Counter.State(count: 5, favoritePrimes: Shared(value: []))
    ) {
      Counter()
    } withDependencies: {
      $0.nthPrime = NthPrimeClient { n in
        requested.withValue { $0.append(n) }
        return events
      }
    }
    #expect(store.state.isNthPrimeButtonDisabled == false)
    await store.send(.nthPrimeButtonTapped) {
      $0.nthPrimeProgress = NthPrimeProgress(n: 5)
    }
    #expect(store.state.isNthPrimeButtonDisabled)
    #expect(requested.value == [5])
    continuation.yield(.progress(NthPrimeProgress(n: 5, found: 3, checked: 6)))
    await store.receive(\.nthPrimeProgressed) {
      $0.nthPrimeProgress?.found = 3
      $0.nthPrimeProgress?.checked = 6
    }
    #expect(store.state.nthPrimeProgress?.fraction == 0.6)
    continuation.yield(.found(11))
    continuation.finish()
    await store.receive(\.nthPrimeResponse) {
      $0.nthPrimeProgress = nil
      $0.alert = AlertState {
        TextState("The 5th prime is 11.")
      } actions: {
        ButtonState(role: .cancel) { TextState("OK") }
      }
    }
    await store.send(.alert(.dismiss)) {
      $0.alert = nil
    }
  }

  @Test func cancellingTheSearchStopsTheComputation() async {
    let (events, continuation) = AsyncStream.makeStream(of: NthPrimeEvent.self)
    let terminated = LockIsolated(false)
    continuation.onTermination = { _ in terminated.setValue(true) }
    let store = TestStore(
      initialState: Counter.State(count: 1_000, favoritePrimes: Shared(value: []))
    ) {
      Counter()
    } withDependencies: {
      $0.nthPrime = NthPrimeClient { _ in events }
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.nthPrimeProgress = NthPrimeProgress(n: 1_000)
    }
    continuation.yield(.progress(NthPrimeProgress(n: 1_000, found: 10, checked: 30)))
    await store.receive(\.nthPrimeProgressed) {
      $0.nthPrimeProgress?.found = 10
      $0.nthPrimeProgress?.checked = 30
    }
    await store.send(.cancelNthPrimeButtonTapped) {
      $0.nthPrimeProgress = nil
    }
    await store.finish()
    #expect(terminated.value)
  }

  @Test func askingAgainReplacesTheRunningSearch() async {
    let streams = LockIsolated<[Int: AsyncStream<NthPrimeEvent>.Continuation]>([:])
    let terminated = LockIsolated<[Int]>([])
    let store = TestStore(
      initialState: Counter.State(count: 5, favoritePrimes: Shared(value: []))
    ) {
      Counter()
    } withDependencies: {
      $0.nthPrime = NthPrimeClient { n in
        let (events, continuation) = AsyncStream.makeStream(of: NthPrimeEvent.self)
        continuation.onTermination = { _ in terminated.withValue { $0.append(n) } }
        streams.withValue { $0[n] = continuation }
        return events
      }
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.nthPrimeProgress = NthPrimeProgress(n: 5)
    }
    await store.send(.incrementButtonTapped) { $0.count = 6 }
    await store.send(.nthPrimeButtonTapped) {
      $0.nthPrimeProgress = NthPrimeProgress(n: 6)
    }
    await store.send(.nthPrimeProgressed(NthPrimeProgress(n: 5, found: 1, checked: 2)))
    streams.value[6]?.yield(.found(13))
    streams.value[6]?.finish()
    await store.receive(\.nthPrimeResponse) {
      $0.nthPrimeProgress = nil
      $0.alert = AlertState {
        TextState("The 6th prime is 13.")
      } actions: {
        ButtonState(role: .cancel) { TextState("OK") }
      }
    }
    #expect(terminated.value == [5, 6])
  }

  @Test func theTestClientReportsAnUnexpectedSearch() async {
    let store = TestStore(initialState: Counter.State(count: 1, favoritePrimes: Shared(value: [])))
    {
      Counter()
    }
    await withKnownIssue {
      await store.send(.nthPrimeButtonTapped) {
        $0.nthPrimeProgress = NthPrimeProgress(n: 1)
      }
      await store.finish()
    } matching: { issue in
      issue.description.contains("NthPrimeClient.search is unimplemented")
    }
  }

  @Test func progressArrivingWithNoSearchRunningIsIgnored() async {
    let store = TestStore(initialState: Counter.State(count: 4, favoritePrimes: Shared(value: [])))
    {
      Counter()
    }
    await store.send(.nthPrimeProgressed(NthPrimeProgress(n: 4, found: 1, checked: 2)))
  }

  @Test func aCountBelowOneIsExplainedInsteadOfSearched() async {
    let store = TestStore(initialState: Counter.State(count: 0, favoritePrimes: Shared(value: [])))
    {
      Counter()
    }
    await store.send(.nthPrimeButtonTapped) {
      $0.alert = AlertState {
        TextState(
          "There is no 0th prime: primes are counted from the 1st (2). Count up to 1 or more first."
        )
      } actions: {
        ButtonState(role: .cancel) { TextState("OK") }
      }
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.send(.decrementButtonTapped) { $0.count = -1 }
    #expect(store.state.nthPrimeButtonTitle == "What is the -1st prime?")
  }

  @Test func theLiveSearchReportsProgressThenThePrime() {
    var events: [NthPrimeEvent] = []
    NthPrimeSearch(n: 10, reportEvery: 10).run(isCancelled: { false }) { events.append($0) }
    #expect(
      events == [
        .progress(NthPrimeProgress(n: 10, found: 5, checked: 11)),
        .progress(NthPrimeProgress(n: 10, found: 8, checked: 21)),
        .found(29),
      ])
  }

  @Test func theLiveSearchStopsWhenCancelledAndIgnoresNonsense() {
    var events: [NthPrimeEvent] = []
    NthPrimeSearch(n: 100, reportEvery: 5).run(isCancelled: { events.count == 2 }) {
      events.append($0)
    }
    #expect(events.count == 2)
    NthPrimeSearch(n: 0, reportEvery: 5).run(isCancelled: { false }) { events.append($0) }
    #expect(events.count == 2)
  }

  @Test func theLiveClientStreamsProgressAndTheThousandthPrime() async {
    var last: NthPrimeEvent?
    var progressCount = 0
    for await event in NthPrimeClient.liveValue.search(1_000) {
      if case .progress = event { progressCount += 1 }
      last = event
    }
    #expect(last == .found(7_919))
    #expect(progressCount == 1)
  }
}
