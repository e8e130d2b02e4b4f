import ComposableArchitecture
import Testing

// S4's shared statistics, held by a tab container, a counter tab and a profile tab.

struct Stats: Equatable, Codable, Sendable {
  var count = 0
  var maxCount = 0
  var minCount = 0
  var numberOfCounts = 0

  mutating func increment() {
    count += 1
    numberOfCounts += 1
    maxCount = max(maxCount, count)
  }

  mutating func decrement() {
    count -= 1
    numberOfCounts += 1
    minCount = min(minCount, count)
  }
}

@Reducer
struct CounterTab {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: Stats
  }
  enum Action {
    case incrementButtonTapped
    case decrementButtonTapped
    case incrementLaterTapped
    case incrementedLater
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.stats.increment()
        return .none
      case .decrementButtonTapped:
        state.$stats.withLock { $0.decrement() }
        return .none
      case .incrementLaterTapped:
        return .run { [stats = state.$stats] send in
          stats.withLock { $0.increment() }
          await send(.incrementedLater)
        }
      case .incrementedLater:
        return .none
      }
    }
  }
}

@Reducer
struct ProfileTab {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: Stats
  }
  enum Action {
    case resetStatsButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.stats = Stats()
      return .none
    }
  }
}

@Reducer
struct TabsFeature {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: Stats
    var counter: CounterTab.State
    var profile: ProfileTab.State
    var tabSwitches = 0

    init(stats: Shared<Stats>) {
      self._stats = stats
      self.counter = CounterTab.State(stats: stats)
      self.profile = ProfileTab.State(stats: stats)
    }
  }
  enum Action {
    case counter(CounterTab.Action)
    case profile(ProfileTab.Action)
    case tabSelected
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { CounterTab() }
    Scope(state: \.profile, action: \.profile) { ProfileTab() }
    Reduce { state, action in
      if case .tabSelected = action { state.tabSwitches += 1 }
      return .none
    }
  }
}

@MainActor
struct SharedTests {
  @Test func theTabsAndTheContainerSeeEachOthersMutations() async {
    let store = TestStore(initialState: TabsFeature.State(stats: Shared(value: Stats()))) {
      TabsFeature()
    }
    await store.send(\.counter.incrementButtonTapped) {
      $0.stats.increment()
    }
    #expect(store.state.profile.stats.count == 1)
    #expect(store.state.counter.stats == store.state.stats)
    await store.send(\.counter.decrementButtonTapped) {
      $0.counter.$stats.withLock { $0.decrement() }
    }
    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.stats = Stats()
    }
    #expect(store.state.counter.stats == Stats())
  }

  @Test func theAssertionStartsFromTheValueBeforeTheStep() async {
    let store = TestStore(initialState: CounterTab.State(stats: Shared(value: Stats()))) {
      CounterTab()
    }
    await store.send(.incrementButtonTapped) {
      #expect($0.stats.count == 0)
      $0.$stats.withLock { $0.increment() }
    }
    await store.send(.incrementButtonTapped) {
      #expect($0.stats.count == 1)
      $0.stats.increment()
    }
    #expect(store.state.stats.count == 2)
  }

  @Test func anUnassertedSharedMutationFailsWithADiff() async {
    let store = TestStore(initialState: CounterTab.State(stats: Shared(value: Stats()))) {
      CounterTab()
    }
    await withKnownIssue {
      await store.send(.incrementButtonTapped)
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State was not expected to change")
        && text.contains("−     count: 0") && text.contains("+     count: 1")
    }
  }

  @Test func aWrongSharedAssertionFails() async {
    let store = TestStore(initialState: CounterTab.State(stats: Shared(value: Stats()))) {
      CounterTab()
    }
    await withKnownIssue {
      await store.send(.incrementButtonTapped) {
        $0.stats.count = 1
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("does not match") && text.contains("maxCount: 0")
        && text.contains("maxCount: 1")
    }
  }

  @Test func mutationsMadeByEffectsAreAttributedToTheStepThatSawThem() async {
    let store = TestStore(initialState: CounterTab.State(stats: Shared(value: Stats()))) {
      CounterTab()
    }
    await store.send(.incrementLaterTapped)
    await store.receive(\.incrementedLater) {
      $0.stats.increment()
    }
  }

  @Test func twoInMemoryDeclarationsShareOneReference() {
    @Shared(.inMemory("stats")) var first = Stats()
    @Shared(.inMemory("stats")) var second = Stats()
    first.increment()
    #expect(second.count == 1)
    $second.withLock { $0.increment() }
    #expect(first.count == 2)
  }

  @Test func inMemoryStorageIsSeparatePerStorage() {
    let one = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: Stats(), .inMemory("stats"))
    }
    let other = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: Stats(), .inMemory("stats"))
    }
    one.withLock { $0.increment() }
    #expect(other.wrappedValue.count == 0)
  }

  @Test func aMutationFromADetachedTaskFiresAnObservation() async {
    let stats = Shared(value: Stats())
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = stats.wrappedValue.count
    } onChange: {
      fired.setValue(true)
    }
    await Task.detached {
      stats.withLock { $0.increment() }
    }.value
    #expect(fired.value)
  }

  @Test func aStoreReaderOfSharedStateRedrawsWhenAnotherHolderMutatesIt() {
    let stats = Shared(value: Stats())
    let store = Store(initialState: CounterTab.State(stats: stats)) { CounterTab() }
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = store.stats.count
    } onChange: {
      fired.setValue(true)
    }
    stats.withLock { $0.increment() }
    #expect(fired.value)
    #expect(store.stats.count == 1)
  }

  @Test func sharedValuesAreEqualByValue() {
    let one = Shared(value: Stats())
    let other = Shared(value: Stats())
    #expect(one == other)
    other.withLock { $0.increment() }
    #expect(one != other)
    #expect(one == Shared(one))
  }

  @Test func aDerivedReferenceReadsAndWritesItsParent() {
    let stats = Shared(value: Stats())
    let count: Shared<Int> = stats.count
    count.wrappedValue = 5
    #expect(stats.wrappedValue.count == 5)
    stats.withLock { $0.count = 7 }
    #expect(count.wrappedValue == 7)
  }

  @Test func aReaderSeesTheOwnersChangesAndIsObserved() {
    let stats = Shared(value: Stats())
    let reader = SharedReader(stats)
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = reader.count.wrappedValue
    } onChange: {
      fired.setValue(true)
    }
    stats.withLock { $0.increment() }
    #expect(fired.value)
    #expect(reader.wrappedValue.count == 1)
  }

  @Test func printChangesShowsTheSharedValueBeforeAndAfter() {
    let lines = Lines()
    let store = Store(initialState: CounterTab.State(stats: Shared(value: Stats()))) {
      CounterTab()._printChanges(.customDump(to: { lines.append($0) }))
    }
    store.send(.incrementButtonTapped)
    let report = lines.value.joined(separator: "\n")
    #expect(report.contains("−     count: 0"))
    #expect(report.contains("+     count: 1"))
  }

  @Test func dumpsShowSharedFieldsWithTheirValues() {
    let state = CounterTab.State(stats: Shared(value: Stats(count: 3)))
    let dump = String(customDumping: state)
    #expect(dump.contains("stats: Stats("))
    #expect(dump.contains("count: 3"))
  }

  @Test func anUnwrappedElementReadsAndWritesItsElementUntilItIsRemoved() {
    let rows = Shared(value: IdentifiedArray(uniqueElements: [Stats(count: 1)], id: \.count))
    #expect(Shared(rows[id: 99]) == nil)
    let row = Shared<Stats>(rows[id: 1])!
    row.withLock { $0.maxCount = 5 }
    #expect(rows.wrappedValue[id: 1]?.maxCount == 5)
    rows.withLock { $0[id: 1]?.minCount = -1 }
    #expect(row.wrappedValue.minCount == -1)
    rows.withLock { $0.removeAll() }
    // The last value stays readable and writable, and nothing comes back into the array.
    #expect(row.wrappedValue == Stats(count: 1, maxCount: 5, minCount: -1))
    row.withLock { $0.numberOfCounts = 3 }
    #expect(row.wrappedValue.numberOfCounts == 3)
    #expect(rows.wrappedValue.isEmpty)
  }

  @Test func anUnwrappedReaderFollowsItsValue() {
    let user = Shared<Stats?>(value: nil)
    #expect(SharedReader(user) == nil)
    user.withLock { $0 = Stats(count: 2) }
    let reader = SharedReader(user)!
    user.withLock { $0?.count = 3 }
    #expect(reader.wrappedValue.count == 3)
  }

  @Test func loadReadsTheKeyAgain() async throws {
    let box = LockIsolated(1)
    let value = Shared(wrappedValue: 0, BoxKey(box: box))
    #expect(value.wrappedValue == 1)
    box.setValue(2)
    #expect(value.wrappedValue == 1)
    try await value.load()
    #expect(value.wrappedValue == 2)
    value.withLock { $0 = 3 }
    #expect(box.value == 3)
  }
}

/// A key over a box that tells no one when the box changes, as a remote configuration might.
private struct BoxKey: SharedKey {
  let box: LockIsolated<Int>
  var id: ObjectIdentifier { ObjectIdentifier(box) }
  func load(initialValue: Int) -> Int? { box.value }
  func subscribe(
    initialValue: Int, didSet: @escaping @Sendable (Int) -> Void
  ) -> SharedSubscription { .empty }
  func save(_ value: Int) { box.setValue(value) }
}
