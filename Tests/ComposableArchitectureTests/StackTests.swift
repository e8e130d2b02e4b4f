import ComposableArchitecture
import Foundation
import Testing

/// S3's counter screen: a count, a timer, "load and go" that asks the parent to push, and a
/// close button that pops itself.
struct StackCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
  }
  @CasePathable
  enum Action: Equatable {
    case closeButtonTapped
    case decrementButtonTapped
    case delegate(Delegate)
    case incrementButtonTapped
    case loadAndGoTapped
    case startTimer
    case stopTimer
    case tick
    @CasePathable
    enum Delegate: Equatable { case goToCounter(Int) }
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .delegate:
      state.isLoading = false
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .loadAndGoTapped:
      state.isLoading = true
      return .run { [count = state.count] send in
        try await clock.sleep(for: .seconds(2))
        await send(.delegate(.goToCounter(count)))
      }
    case .startTimer:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.count += 1
      return .none
    }
  }
}

struct StackRoot: Reducer {
  struct State: Equatable {
    var path = StackState<StackCounter.State>()
  }
  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<StackCounter>)
    case popLast
    case popToRoot
    case pushCounter
    case replaceStack
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(_, .delegate(.goToCounter(count)))):
        state.path.append(StackCounter.State(count: count))
        return .none
      case .path:
        return .none
      case .popLast:
        state.path.removeLast()
        return .none
      case .popToRoot:
        state.path.removeAll()
        return .none
      case .pushCounter:
        state.path.append(StackCounter.State())
        return .none
      case .replaceStack:
        state.path = StackState([StackCounter.State(count: 100)])
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      StackCounter()
    }
  }
}

@MainActor
struct StackTests {
  func makeStore(
    _ state: @autoclosure () -> StackRoot.State = StackRoot.State(),
    clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<StackRoot> {
    TestStore(initialState: state()) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  /// Pushes two counters, ids 0 and 1, and starts both their timers.
  func pushTwoTickingCounters(_ store: TestStoreOf<StackRoot>) async {
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
  }

  @Test func pushingAndDrivingElementsById() async {
    let store = makeStore()
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(\.path[id: 1].incrementButtonTapped) {
      $0.path[id: 1]?.count = 1
    }
    await store.send(.path(.push(id: 2, state: StackCounter.State(count: 7)))) {
      $0.path.append(StackCounter.State(count: 7))
    }
    #expect(store.state.path.ids == [0, 1, 2])
  }

  @Test func aChildsDismissArrivesAsPopFrom() async {
    let store = makeStore()
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.element(id: 0, action: .closeButtonTapped)))
    await store.receive(\.path.popFrom, 0) { $0.path = StackState() }
  }

  @Test func dismissReturnsOnceTheParentHasPoppedTheElement() async {
    let store = Store(initialState: StackRoot.State()) { StackRoot() }
    store.send(.pushCounter)
    store.send(.pushCounter)
    // The element's effect ends when its `dismiss()` returns: by then the element is gone.
    await store.send(.path(.element(id: 1, action: .closeButtonTapped))).finish()
    #expect(store.withState(\.path.ids) == [0])
    await store.send(.path(.element(id: 0, action: .closeButtonTapped))).finish()
    #expect(store.withState(\.path.isEmpty))
  }

  @Test func aDeepLinkedElementCanDismissItself() async {
    let store = makeStore(
      StackRoot.State(path: [StackCounter.State(count: 42), StackCounter.State(count: 1729)]))
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .closeButtonTapped)))
    await store.receive(\.path.popFrom, 1) { $0.path.removeLast() }
  }

  @Test func theStoreReportsNoRunningEffectAfterTheStackIsPopped() async {
    let clock = TestClock()
    let store = Store(initialState: StackRoot.State()) {
      StackRoot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    for id in 0..<3 {
      store.send(.pushCounter)
      store.send(.path(.element(id: StackElementID(integerLiteral: id), action: .startTimer)))
    }
    #expect(store.runningEffectCount == 3)
    store.send(.popToRoot)
    for _ in 0..<100 where store.runningEffectCount > 0 { await Task.yield() }
    #expect(store.runningEffectCount == 0)
  }

  @Test func poppingCancelsTheElementsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func removeLastCancelsTheLastElementsEffectsOnly() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await pushTwoTickingCounters(store)
    await store.send(.popLast) { $0.path.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.element(id: 0, action: .stopTimer)))
    await store.finish()
  }

  @Test func popToRootCancelsEveryElementsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await pushTwoTickingCounters(store)
    await store.send(.popToRoot) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func assigningAnotherStackCancelsTheOldElementsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await pushTwoTickingCounters(store)
    await store.send(.replaceStack) {
      $0.path = StackState([StackCounter.State(count: 100)])
    }
    await clock.advance(by: .seconds(3))
    await store.send(.path(.element(id: 2, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 2].tick) { $0.path[id: 2]?.count = 101 }
    await store.send(.path(.popFrom(id: 2))) { $0.path = StackState() }
  }

  @Test func coveredElementsKeepTickingAndResultsGoToTheRightId() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.popFrom(id: 2))) { $0.path.removeLast() }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.element(id: 0, action: .stopTimer)))
  }

  @Test func loadAndGoEndsInAPushByTheParent() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(\.path[id: 0].incrementButtonTapped) { $0.path[id: 0]?.count = 1 }
    await store.send(\.path[id: 0].loadAndGoTapped) { $0.path[id: 0]?.isLoading = true }
    await clock.advance(by: .seconds(2))
    await store.receive(\.path[id: 0].delegate.goToCounter, 1) {
      $0.path[id: 0]?.isLoading = false
      $0.path.append(StackCounter.State(count: 1))
    }
  }

  @Test func anActionForAMissingIdIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.element(id: 5, action: .incrementButtonTapped)))
    } matching: { issue in
      message(of: issue).contains("received an action for a missing element")
    }
  }

  @Test func aPushOfAnIdInTheStackIsReportedAndIgnored() async {
    let store = makeStore()
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: StackCounter.State(count: 5))))
    } matching: { issue in
      message(of: issue).contains("received a \"push\" action for an element it already contains")
    }
  }

  @Test func aPushAheadOfTheGeneratorIsReportedButTakesPlace() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.path(.push(id: 9, state: StackCounter.State()))) {
        $0.path[id: 9] = StackCounter.State()
      }
    } matching: { issue in
      message(of: issue).contains("with an unexpected generational ID")
    }
    // Appends come after the pushed id.
    await store.send(.pushCounter) { $0.path[id: 10] = StackCounter.State() }
  }

  @Test func aPoppedIdCanBePushedAgain() async {
    let store = makeStore()
    await store.send(.pushCounter) { $0.path.append(StackCounter.State()) }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await store.send(.path(.push(id: 0, state: StackCounter.State(count: 3)))) {
      $0.path[id: 0] = StackCounter.State(count: 3)
    }
    await store.send(.pushCounter) { $0.path[id: 1] = StackCounter.State() }
  }
}

/// One stack with one action path at two places in the source: each reports at its own place.
struct TwoStackPlaces: Reducer {
  struct State: Equatable {
    var path = StackState<StackCounter.State>()
  }
  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<StackCounter>)
    case other(StackActionOf<StackCounter>)
  }
  static let firstLine: UInt = #line + 4
  static let secondLine: UInt = #line + 6
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path) { StackCounter() }
    Reduce { _, _ in .none }
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path) { StackCounter() }
  }
}

/// A stack whose case key path is given as a value.
struct GivenStackPath: Reducer {
  let action: CaseKeyPath<TwoStackPlaces.Action, StackActionOf<StackCounter>>
  var body: some Reducer<TwoStackPlaces.State, TwoStackPlaces.Action> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: action) { StackCounter() }
  }
}

@MainActor
struct StackCallSiteTests {
  @Test func twoPlacesWithOneKeyPathEachReportAtTheirOwnPlace() {
    let store = Store(initialState: TwoStackPlaces.State()) { TwoStackPlaces() }
    for _ in 0..<3 {
      let lines = LockIsolated<[Int]>([])
      withKnownIssue {
        store.send(.path(.element(id: 5, action: .incrementButtonTapped)))
      } matching: { issue in
        if let line = issue.sourceLocation?.line { lines.withValue { $0.append(line) } }
        return message(of: issue).contains("received an action for a missing element")
      }
      #expect(lines.value == [Int(TwoStackPlaces.firstLine), Int(TwoStackPlaces.secondLine)])
    }
  }

  @Test func aCaseKeyPathGivenAsAValueIsTheOneUsed() async {
    for (path, other) in [
      (\TwoStackPlaces.Action.Cases.path, \TwoStackPlaces.Action.Cases.other),
      (\TwoStackPlaces.Action.Cases.other, \TwoStackPlaces.Action.Cases.path),
    ] {
      let store = TestStore(
        initialState: TwoStackPlaces.State(path: StackState([StackCounter.State()]))
      ) {
        GivenStackPath(action: path)
      }
      await store.send(path(.element(id: 0, action: .incrementButtonTapped))) {
        $0.path[id: 0]?.count = 1
      }
      // The other case is not the stack's: it reaches only the parent.
      await store.send(other(.element(id: 0, action: .incrementButtonTapped)))
      await store.send(path(.popFrom(id: 0))) { $0.path = StackState() }
    }
  }
}

@MainActor
struct StackStateTests {
  @Test func collectionOperations() {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      var stack = StackState(["a", "b", "c", "d"])
      #expect(stack.ids == [0, 1, 2, 3])
      #expect(stack[id: 2] == "c")
      #expect(Array(stack) == ["a", "b", "c", "d"])
      stack.pop(to: 1)
      #expect(Array(stack) == ["a", "b"])
      stack.append("e")
      #expect(stack.ids == [0, 1, 4])
      let last = stack.removeLast()
      #expect(last == "e")
      stack.pop(from: 1)
      #expect(Array(stack) == ["a"])
      stack[0] = "z"
      #expect(stack[id: 0] == "z")
      stack[id: 0] = nil
      #expect(stack.isEmpty)
      stack.append(contentsOf: ["x", "y"])
      stack.removeAll()
      #expect(stack.isEmpty)
      let popped = stack.pop(from: 0)
      #expect(!popped)
    }
  }

  @Test func replacingARangeKeepsTheElementsAroundItAndGivesTheNewOnesNewIds() {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      var stack = StackState(["a", "b", "c"])
      stack.replaceSubrange(1..<2, with: ["x", "y"])
      #expect(Array(stack) == ["a", "x", "y", "c"])
      #expect(stack.ids == [0, 3, 4, 2])
    }
  }

  @Test func caseSubscriptReachesAnElementsCase() {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      var stack = StackState<Destinations.State>([.first(Sheet.State()), .second(Sheet.State())])
      stack[id: 0, case: \.first]?.count = 3
      stack[id: 1, case: \.first]?.count = 3
      #expect(stack[id: 0] == .first(Sheet.State(count: 3)))
      #expect(stack[id: 1] == .second(Sheet.State()))
    }
  }

  @Test func equalityCodingAndDumps() throws {
    try withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      let stack = StackState([1, 2])
      #expect(String(customDumping: stack) == "[\n  #0: 1,\n  #1: 2\n]")
      let data = try JSONEncoder().encode(stack)
      #expect(String(decoding: data, as: UTF8.self) == "[1,2]")
      let decoded = try JSONDecoder().decode(StackState<Int>.self, from: data)
      #expect(Array(decoded) == [1, 2])
      #expect(decoded != stack)  // new ids
      #expect(StackState<Int>() == StackState<Int>())
    }
  }
}

/// A parent whose reducer pops the element itself on `.popFrom` (to clean up as it goes): the
/// element is gone as asked, and nothing is reported missing.
private struct SelfPoppingParent: Reducer {
  struct State: Equatable {
    var path = StackState<StackCounter.State>()
    var popped: [StackElementID] = []
  }
  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<StackCounter>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case let .path(.popFrom(id)) = action {
        state.popped.append(id)
        state.path.pop(from: id)
      }
      return .none
    }
    .forEach(\.path, action: \.path) { StackCounter() }
  }
}

@MainActor
struct SelfPoppingParentTests {
  @Test func aParentThatPopsOnPopFromIsNotToldTheElementIsMissing() async {
    let store = TestStore(
      initialState: SelfPoppingParent.State(
        path: StackState([StackCounter.State(), StackCounter.State(count: 1)]))
    ) {
      SelfPoppingParent()
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.popped = [1]
      $0.path.removeLast()
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.popped = [1, 0]
      $0.path = StackState()
    }
  }
}
