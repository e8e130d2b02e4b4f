import ComposableArchitecture
import CounterStackStudy
import Testing

@MainActor
struct CounterStackStudyTests {
  @Test func aCounterCountsUpAndDown() async {
    let store = TestStore(initialState: StackCounter.State(count: 41)) { StackCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 42 }
    await store.send(.decrementButtonTapped) { $0.count = 41 }
    await store.send(.decrementButtonTapped) { $0.count = 40 }
  }

  @Test func theTimerTicksEverySecondUntilStopped() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackCounter.State()) {
      StackCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = true }
    for second in 1...3 {
      await clock.advance(by: .seconds(1))
      await store.receive(\.timerTicked) { $0.secondsElapsed = second }
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerRunning = false }
    await clock.advance(by: .seconds(5))
  }

  @Test func loadAndGoSpinsForTwoSecondsThenAsksToGo() async {
    let clock = TestClock()
    let store = TestStore(initialState: StackCounter.State(count: 7)) {
      StackCounter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.loadAndGoButtonTapped) { $0.isLoading = true }
    await store.send(.loadAndGoButtonTapped)
    for frame in 1..<StackCounter.loadSpinnerFrames {
      await clock.advance(by: .milliseconds(100))
      await store.receive(\.spinnerTicked) { $0.spinnerFrame = frame }
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.loadFinished) { $0.isLoading = false }
    await store.receive(\.delegate.goToCounter, 7)
  }

  @Test func aLinkPushesACounterAtItsCountAndLoadAndGoPushesThroughTheParent() async {
    let clock = TestClock()
    let store = TestStore(initialState: CounterStackStudy.State()) {
      CounterStackStudy()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: .counter(StackCounter.State(count: 3))))) {
      $0.path.append(.counter(StackCounter.State(count: 3)))
    }
    await store.send(\.path[id: 0].counter.incrementButtonTapped) {
      $0.path[id: 0, case: \.counter]?.count = 4
    }
    await store.send(\.path[id: 0].counter.loadAndGoButtonTapped) {
      $0.path[id: 0, case: \.counter]?.isLoading = true
    }
    for frame in 1..<StackCounter.loadSpinnerFrames {
      await clock.advance(by: .milliseconds(100))
      await store.receive(\.path[id: 0].counter.spinnerTicked) {
        $0.path[id: 0, case: \.counter]?.spinnerFrame = frame
      }
    }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.path[id: 0].counter.loadFinished) {
      $0.path[id: 0, case: \.counter]?.isLoading = false
    }
    await store.receive(\.path[id: 0].counter.delegate.goToCounter, 4) {
      $0.path.append(.counter(StackCounter.State(count: 4)))
    }
  }

  @Test func aCounterAsksForAFactAndTheParentPushesTheFactScreen() async {
    let store = TestStore(initialState: try! CounterStackStudy.State(deepLink: "42")) {
      CounterStackStudy()
    }
    await store.send(\.path[id: 0].counter.factButtonTapped) {
      $0.path.append(.numberFact(NumberFact.State(number: 42)))
    }
  }

  @Test func aCoveredCounterKeepsTickingAndPoppingStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: try! CounterStackStudy.State(deepLink: "1,2")) {
      CounterStackStudy()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(\.path[id: 0].counter.toggleTimerButtonTapped) {
      $0.path[id: 0, case: \.counter]?.isTimerRunning = true
    }
    await store.send(\.path[id: 1].counter.toggleTimerButtonTapped) {
      $0.path[id: 1, case: \.counter]?.isTimerRunning = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTicked) {
      $0.path[id: 0, case: \.counter]?.secondsElapsed = 1
    }
    await store.receive(\.path[id: 1].counter.timerTicked) {
      $0.path[id: 1, case: \.counter]?.secondsElapsed = 1
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].counter.timerTicked) {
      $0.path[id: 0, case: \.counter]?.secondsElapsed = 2
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.pop(from: 0)
    }
    await clock.advance(by: .seconds(10))
  }

  @Test func theDeepLinkButtonReplacesTheStackWithThreeCounters() async {
    let store = TestStore(initialState: try! CounterStackStudy.State(deepLink: "5")) {
      CounterStackStudy()
    }
    await store.send(.deepLinkButtonTapped) {
      $0.path.removeAll()
      $0.path.append(.counter(StackCounter.State(count: 42)))
      $0.path.append(.counter(StackCounter.State(count: 1729)))
      $0.path.append(.counter(StackCounter.State(count: -999)))
    }
    #expect(store.state.path.ids.map(\.description) == ["#1", "#2", "#3"])
  }

  @Test func aDeepLinkListsCountsAndAnythingElseIsRejectedWithTheExpectedShape() throws {
    let state = try CounterStackStudy.State(deepLink: "42, 1729,-999")
    #expect(state.path.compactMap { $0.counter?.count } == [42, 1729, -999])
    for bad in ["", "42,,1", "forty-two", "1,2,x"] {
      #expect(throws: DeepLinkError(deepLink: bad)) { try CounterStackStudy.State(deepLink: bad) }
    }
    #expect(
      DeepLinkError(deepLink: "x").description
        == "the counter-stack deep link lists counts separated by commas, like 42,1729,-999 (got \"x\")"
    )
  }

  @Test func aFactArrivesInAnAlertWithASpinnerMeanwhile() async {
    let clock = TestClock()
    let store = TestStore(initialState: NumberFact.State(number: 42)) {
      NumberFact()
    } withDependencies: {
      $0.continuousClock = clock
      $0.factClient.fetch = { number in
        try await clock.sleep(for: .milliseconds(500))
        return "\(number) is a fine number."
      }
    }
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.send(.factButtonTapped)
    await clock.advance(by: .milliseconds(300))
    await store.receive(\.spinnerTicked) { $0.spinnerFrame = 1 }
    await clock.advance(by: .milliseconds(200))
    await store.receive(\.factLoaded, "42 is a fine number.") {
      $0.isLoading = false
      $0.alert = .fact(number: 42, "42 is a fine number.")
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aFailedFactOffersRetryWhichCanSucceed() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: NumberFact.State(number: 13)) {
      NumberFact()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.factClient.fetch = { _ in
        attempts.withValue { $0 += 1 }
        if attempts.value == 1 { throw FactClient.Failure(message: "offline") }
        return "13 is prime."
      }
    }
    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(\.factFailed, "offline") {
      $0.isLoading = false
      $0.alert = .factFailed(number: 13, message: "offline")
    }
    await store.send(.alert(.presented(.retryTapped))) {
      $0.alert = nil
      $0.isLoading = true
    }
    await store.receive(\.factLoaded, "13 is prime.") {
      $0.isLoading = false
      $0.alert = .fact(number: 13, "13 is prime.")
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func theOfflineFactBookKnowsSomeNumbersWorksOutOthersAndMissesThirteen() async throws {
    let client = FactClient.liveValue
    func fetch(_ number: Int) async -> Result<String, FactClient.Failure> {
      await withDependencies {
        $0.continuousClock = ImmediateClock()
      } operation: {
        do {
          return .success(try await client.fetch(number))
        } catch {
          return .failure(error as? FactClient.Failure ?? FactClient.Failure(message: "\(error)"))
        }
      }
    }
    #expect(
      await fetch(1729)
        == .success(
          "1729 is the smallest number that is the sum of two cubes in two different ways."))
    #expect(
      await fetch(16) == .success("16 is even, not prime, the square of 4, its digits add up to 7.")
    )
    #expect(await fetch(-7) == .success("-7 is odd, its digits add up to 7."))
    #expect(
      await fetch(13)
        == .failure(
          FactClient.Failure(message: "The fact book's page for 13 is missing. Try another number.")
        ))
  }
}
