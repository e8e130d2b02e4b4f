import ComposableArchitecture
import Foundation
import Testing

/// A presented child with a timer, a close button that uses `dismiss`, and a look at
/// `isPresented`.
struct Sheet: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
    var isPresented: Bool?
  }
  @CasePathable
  enum Action: Equatable {
    case checkPresented
    case checkPresentedLater
    case closeButtonTapped
    case presentedChecked(Bool)
    case startTimer
    case stopTimer
    case tick
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .checkPresented:
      state.isPresented = isPresented
      return .none
    case .checkPresentedLater:
      return .run { send in await send(.presentedChecked(isPresented)) }
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case let .presentedChecked(isPresented):
      state.isPresented = isPresented
      return .none
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

struct SheetParent: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Sheet.State?
    @PresentationState var other: Sheet.State?
    var dismissals = 0
  }
  @CasePathable
  enum Action: Equatable {
    case sheet(PresentationAction<Sheet.Action>)
    case other(PresentationAction<Sheet.Action>)
    case present(id: Int)
    case presentOther
    case closeFromParent
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sheet(.dismiss):
        state.dismissals += 1
        return .none
      case .sheet, .other:
        return .none
      case let .present(id):
        state.sheet = Sheet.State(id: id)
        return .none
      case .presentOther:
        state.other = Sheet.State(id: 100)
        return .none
      case .closeFromParent:
        state.sheet = nil
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) { Sheet() }
    .ifLet(\.$other, action: \.other) { Sheet() }
  }
}

/// A parent that closes its sheet when the sheet starts its timer: the child's first effect and
/// its removal come in the same action.
struct ClosingParent: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Sheet.State?
  }
  @CasePathable
  enum Action: Equatable {
    case sheet(PresentationAction<Sheet.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .sheet(.presented(.startTimer)) = action { state.sheet = nil }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Sheet() }
  }
}

/// A parent of a plain child (neither identifiable nor an enum: every child of its type is the
/// same child), S3's counter screen, that closes it when it starts its timer.
struct PlainClosingParent: Reducer {
  struct State: Equatable {
    @PresentationState var timer: StackCounter.State?
  }
  @CasePathable
  enum Action: Equatable {
    case timer(PresentationAction<StackCounter.Action>)
    case open
    case close
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .timer(.presented(.startTimer)) where state.timer?.count == 5:
        state.timer = nil
      case .open:
        state.timer = StackCounter.State()
      case .close:
        state.timer = nil
      case .timer:
        break
      }
      return .none
    }
    .ifLet(\.$timer, action: \.timer) { StackCounter() }
  }
}

@MainActor
struct PlainChildPresentationTests {
  @Test func aDeepLinkedPlainChildClosedWhenItStartsItsFirstEffectStopsIt() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: PlainClosingParent.State(timer: StackCounter.State(count: 5))
    ) {
      PlainClosingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.timer(.presented(.startTimer))) { $0.timer = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPlainChildsTimerStopsWhenTheParentClosesIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: PlainClosingParent.State()) {
      PlainClosingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open) { $0.timer = StackCounter.State() }
    await store.send(.timer(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.timer.presented.tick) { $0.timer?.count = 1 }
    await store.send(.close) { $0.timer = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aPlainChildDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: PlainClosingParent.State()) {
      PlainClosingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open) { $0.timer = StackCounter.State() }
    await store.send(.timer(.presented(.startTimer)))
    await store.send(.timer(.presented(.closeButtonTapped)))
    await store.receive(\.timer.dismiss) { $0.timer = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aDeepLinkedPlainChildDismissesItself() async {
    let store = TestStore(initialState: PlainClosingParent.State(timer: StackCounter.State())) {
      PlainClosingParent()
    }
    await store.send(.timer(.presented(.closeButtonTapped)))
    await store.receive(\.timer.dismiss) { $0.timer = nil }
  }
}

@MainActor
struct PresentationTests {
  func makeStore(
    _ state: SheetParent.State = SheetParent.State(), clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<SheetParent> {
    TestStore(initialState: state) {
      SheetParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func parentDismissalCancelsTheChildsTimer() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.tick) { $0.sheet?.count = 1 }
    await store.send(.closeFromParent) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theChildsDismissSendsDismissAndCancelsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
      $0.dismissals = 1
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func sendingDismissSetsTheChildToNilAfterTheParentRan() async {
    let store = makeStore()
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.dismiss)) {
      $0.sheet = nil
      $0.dismissals = 1
    }
  }

  @Test func aDeepLinkedChildDismissesItselfAlsoAfterBeingPresentedAgain() async {
    let store = makeStore(SheetParent.State(sheet: Sheet.State(id: 1)))
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
      $0.dismissals = 1
    }
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
      $0.dismissals = 2
    }
  }

  @Test func aDeepLinkedChildDismissesItselfInALiveStore() async {
    let store = Store(initialState: SheetParent.State(sheet: Sheet.State(id: 1))) {
      SheetParent()
    }
    await store.send(.sheet(.presented(.closeButtonTapped))).finish()
    #expect(store.sheet == nil)
    #expect(store.dismissals == 1)
  }

  @Test func aDeepLinkedChildRemovedByTheActionThatStartsItsFirstEffectLeavesNothingRunning()
    async
  {
    let clock = TestClock()
    let store = TestStore(initialState: ClosingParent.State(sheet: Sheet.State(id: 1))) {
      ClosingParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.sheet(.presented(.startTimer))) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func replacingTheChildWithAnotherIdentityCancelsTheOldEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.sheet(.presented(.startTimer)))
    await store.send(.present(id: 2)) { $0.sheet = Sheet.State(id: 2) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aChildCannotCancelItsSiblingsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    await store.send(.presentOther) { $0.other = Sheet.State(id: 100) }
    await store.send(.other(.presented(.startTimer)))
    await store.send(.sheet(.presented(.stopTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.other.tick) { $0.other?.count = 1 }
    await store.send(.other(.presented(.stopTimer)))
  }

  @Test func aChildActionWithNothingPresentedIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.sheet(.presented(.tick)))
    } matching: { issue in
      message(of: issue).contains(
        "received a presentation action when destination state was absent")
    }
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    // A test store takes a root-level dismissal as the end of the store; a live store reports it.
    let store = Store(initialState: Sheet.State()) { Sheet() }
    await withKnownIssue {
      await store.send(.closeButtonTapped).finish()
    } matching: { issue in
      message(of: issue).contains("requested dismissal")
    }
  }

  @Test func isPresentedIsTrueOnlyInsideAPresentation() async {
    let store = makeStore(SheetParent.State(sheet: Sheet.State(id: 1)))
    await store.send(.sheet(.presented(.checkPresented))) { $0.sheet?.isPresented = true }
    let root = TestStore(initialState: Sheet.State()) { Sheet() }
    await root.send(.checkPresented) { $0.isPresented = false }
  }

  /// `ifLet` does not write `isPresented` for each action: the child's effects know it from the
  /// scope they run in, and the parent's reducer does not see it.
  @Test func isPresentedIsTrueInAPresentedChildsEffectsAndFalseAtTheRoot() async {
    let store = makeStore(SheetParent.State(sheet: Sheet.State(id: 1)))
    await store.send(.sheet(.presented(.checkPresentedLater)))
    await store.receive(\.sheet.presentedChecked) { $0.sheet?.isPresented = true }
    let root = TestStore(initialState: Sheet.State()) { Sheet() }
    await root.send(.checkPresentedLater)
    await root.receive(\.presentedChecked) { $0.isPresented = false }
    let overridden = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.isPresented = true
    }
    await overridden.send(.checkPresented) { $0.isPresented = true }
  }
}

/// The sheet as the element of a stack.
struct SheetStack: Reducer {
  struct State: Equatable {
    var path = StackState<Sheet.State>()
  }
  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<Sheet>)
    case push
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .push = action { state.path.append(Sheet.State(id: 1)) }
      return .none
    }
    .forEach(\.path, action: \.path) { Sheet() }
  }
}

@MainActor
struct StackElementPresentationTests {
  @Test func isPresentedIsTrueInAStackElementAndItsEffects() async {
    let store = TestStore(initialState: SheetStack.State()) { SheetStack() }
    await store.send(.push) { $0.path.append(Sheet.State(id: 1)) }
    await store.send(\.path[id: 0].checkPresented) { $0.path[id: 0]?.isPresented = true }
    await store.send(\.path[id: 0].presentedChecked, false) {
      $0.path[id: 0]?.isPresented = false
    }
    await store.send(\.path[id: 0].checkPresentedLater)
    await store.receive(\.path[id: 0].presentedChecked) { $0.path[id: 0]?.isPresented = true }
  }
}

// MARK: - Enum destinations

struct Destinations: Reducer {
  @CasePathable
  enum State: Equatable {
    case first(Sheet.State)
    case second(Sheet.State)
  }
  @CasePathable
  enum Action: Equatable {
    case first(Sheet.Action)
    case second(Sheet.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { Sheet() }
    Scope(state: \.second, action: \.second) { Sheet() }
  }
}

struct DestinationParent: Reducer {
  struct State: Equatable {
    @PresentationState var destination: Destinations.State?
  }
  @CasePathable
  enum Action: Equatable {
    case destination(PresentationAction<Destinations.Action>)
    case showFirst
    case showSecond
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination: return .none
      case .showFirst:
        state.destination = .first(Sheet.State())
        return .none
      case .showSecond:
        state.destination = .second(Sheet.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destinations() }
  }
}

@MainActor
struct EnumDestinationTests {
  @Test func changingTheDestinationCaseCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: DestinationParent.State()) {
      DestinationParent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showFirst) { $0.destination = .first(Sheet.State()) }
    await store.send(.destination(.presented(.first(.startTimer))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.first.tick) {
      $0.destination = .first(Sheet.State(count: 1))
    }
    await store.send(.showSecond) { $0.destination = .second(Sheet.State()) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func caseKeyPathsSeeThroughPresented() {
    let action = DestinationParent.Action.destination(.presented(.second(.tick)))
    #expect(action[case: \.destination.second] == .tick)
    #expect(action[case: \.destination.first] == nil)
    #expect(action[case: \.destination.presented.second] == .tick)
  }
}

// MARK: - The wrapper

struct Recursive: Equatable {
  var name: String
  @PresentationState var child: Recursive?
}

/// A value whose `==` counts its calls, to prove the identity fast path skips it.
struct CountingEquality: Equatable {
  static let comparisons = LockIsolated(0)
  var value = 0
  static func == (lhs: Self, rhs: Self) -> Bool {
    comparisons.withValue { $0 += 1 }
    return lhs.value == rhs.value
  }
}

@MainActor
struct PresentationStateTests {
  @Test func theIdentityFastPathSkipsTheChildsEquality() {
    let state = PresentationState(wrappedValue: CountingEquality())
    let copy = state
    let before = CountingEquality.comparisons.value
    #expect(state == copy)
    #expect(CountingEquality.comparisons.value == before)

    var changed = copy
    changed.wrappedValue?.value = 1
    #expect(state != changed)
    #expect(CountingEquality.comparisons.value == before + 1)
  }

  @Test func copiesAreIndependent() {
    var original = PresentationState(wrappedValue: Sheet.State(count: 1))
    let copy = original
    original.wrappedValue?.count = 2
    #expect(copy.wrappedValue?.count == 1)
    #expect(original.wrappedValue?.count == 2)
  }

  @Test func aStateCanContainItself() {
    var root = Recursive(name: "root")
    root.child = Recursive(name: "child")
    root.child?.child = Recursive(name: "grandchild")
    #expect(root.child?.child?.name == "grandchild")
    #expect(root == root)
  }

  @Test func bookkeepingIsHiddenFromEqualityAndDumps() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.present(id: 1)) { $0.sheet = Sheet.State(id: 1) }
    // The presented state carries bookkeeping, the expected one does not: still equal.
    #expect(store.state == SheetParent.State(sheet: Sheet.State(id: 1)))
    #expect(
      String(customDumping: store.state) == """
        SheetParent.State(
          _sheet: Sheet.State(
            id: 1,
            count: 0,
            isPresented: nil
          ),
          _other: nil,
          dismissals: 0
        )
        """)
  }

  @Test func codableAndHashable() throws {
    let state = PresentationState(wrappedValue: "hello")
    let data = try JSONEncoder().encode(state)
    #expect(String(decoding: data, as: UTF8.self) == "\"hello\"")
    let decoded = try JSONDecoder().decode(PresentationState<String>.self, from: data)
    #expect(decoded == state)
    #expect(Set([state, decoded]).count == 1)
  }

  @Test func aStateNested2000LevelsCopiesComparesAndMutates() {
    func build(_ depth: Int) -> Recursive? {
      var node: Recursive?
      for level in stride(from: depth, to: 0, by: -1) {
        node = Recursive(name: "\(level)", child: node)
      }
      return node
    }
    func rename(_ node: inout Recursive?, atDepth depth: Int) {
      if depth == 0 {
        node?.name = "changed"
      } else {
        rename(&node!.child, atDepth: depth - 1)
      }
    }
    let root = build(2_000)
    let copy = root
    #expect(copy == root)
    #expect(build(2_000) == root)
    var other = root
    rename(&other, atDepth: 1_999)
    #expect(other != root)
    #expect(root != other)
  }
}
