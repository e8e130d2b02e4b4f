import ComposableArchitecture
import Foundation
import Testing
import XCTest

// More of round three's parity, as upstream's tests and example apps use it: view-action
// bindings, `@BindingState`, `withExhaustivity`, `finish`, `withLock` and the unhandled binding
// warning, in XCTest and Swift Testing, on the main actor and off it.

@Reducer
private struct SignIn {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var log: [String] = []
  }
  enum Action: ViewAction {
    case clearEmail
    case view(View)
    @CasePathable
    enum View: BindableAction {
      case binding(BindingAction<State>)
      case clearTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.email)):
        state.log.append(state.email)
        return .none
      case .view(.clearTapped):
        return .send(.view(.binding(.set(\.email, ""))))
      case .clearEmail, .view:
        return .none
      }
    }
  }
}

@Reducer
private struct Query {
  struct State: Codable, Equatable {
    @BindingState var text = ""
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case resetTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { _, action in
      action == .resetTapped ? .send(.set(\.$text, "")) : .none
    }
  }
}

@Reducer
private struct Ticker {
  struct State: Equatable {
    var ticks = 0
  }
  enum Action: Equatable {
    case start
    case tick
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          await send(.tick)
          try await Task.never()
        }
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

@Reducer
private struct Sheet {
  @ObservableState
  struct State: Equatable {
    var note = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}

@Reducer
private struct Presenter {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Sheet.State?
  }
  enum Action {
    case sheet(PresentationAction<Sheet.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.$sheet, action: \.sheet) {
        Sheet()
      }
  }
}

@MainActor
struct ParityRoundThreeTests {
  @Test func anEffectSendsAViewBindingActionThatATestReceives() async {
    let store = TestStore(initialState: SignIn.State(email: "blob")) {
      SignIn()
    }
    await store.send(.view(.clearTapped))
    await store.receive(\.view.binding.email) {
      $0.email = ""
      $0.log = [""]
    }
  }

  @Test func receivingAnotherValueOfTheSameFieldFailsWithADiff() async {
    let store = TestStore(initialState: Query.State(text: "milk")) {
      Query()
    }
    await store.send(.resetTapped)
    await withKnownIssue {
      await store.receive(.binding(.set(\.$text, "eggs"))) {
        $0.text = ""
      }
    } matching: { issue in
      plainMessage(of: issue).hasPrefix("Received unexpected action: …")
    }
  }

  @Test func nestedWithExhaustivityPutsEachOneBack() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      store.withExhaustivity(.on) {
        #expect(store.exhaustivity == .on)
      }
      #expect(store.exhaustivity == .off)
      let task = await store.send(.start)
      await task.cancel()
    }
    #expect(store.exhaustivity == .on)
    await store.skipReceivedActions()
  }

  @Test func finishReportsAnEffectStillRunningAfterItsTimeout() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    await store.send(.start)
    await store.receive(\.tick) {
      $0.ticks = 1
    }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      message(of: issue) == """
        Expected effects to finish, but there are still effects in-flight after 0.05 seconds.

        There are effects in-flight. If the effect that delivers this action uses a \
        clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
        enough time for it to perform the effect. If you are using a test clock/scheduler, \
        advance it so that the effects may complete, or consider using an immediate \
        clock/scheduler to immediately perform the effect instead.

        If you are not yet using a clock/scheduler, or can not use a clock/scheduler, try \
        increasing the duration of this assertion's "timeout".
        """
    }
  }

  @Test func aScopedChildStoresUnappliedWriteNamesTheChildsAction() throws {
    let store = Store(initialState: Presenter.State(sheet: Sheet.State())) {
      Presenter()
    }
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    withKnownIssue {
      sheet.note = "Hello"
    } matching: { issue in
      message(of: issue).contains("Sheet.Action.binding(.set(_, \"Hello\"))")
    }
  }

  @Test func aWriteThroughAStoreWhoseStateHasGoneGetsOnlyTheParentsWarning() throws {
    let store = Store(initialState: Presenter.State(sheet: Sheet.State())) {
      Presenter()
    }
    let sheet = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    store.send(.sheet(.dismiss))
    #expect(store.sheet == nil)
    // The parent's `ifLet` warns of an action for absent state, as upstream's does; the binding
    // check adds nothing, since no reducer could have applied the write.
    withKnownIssue {
      sheet.note = "Hello"
    } matching: { issue in
      message(of: issue).contains(
        "received a presentation action when destination state was absent")
    }
  }

  @Test func withLockReturnsWhatItsClosureReturns() {
    @Shared(.inMemory("parity-count")) var count = 0
    let next = $count.withLock { count in
      count += 1
      return count
    }
    #expect(next == 1)
    #expect(count == 1)
  }

  @Test func aWithLockMayTakeAnotherSharedValuesLock() {
    @Shared(.inMemory("parity-a")) var a = 1
    @Shared(.inMemory("parity-b")) var b = 2
    $a.withLock { a in
      $b.withLock { b in
        swap(&a, &b)
      }
    }
    #expect(a == 2)
    #expect(b == 1)
  }
}

final class ParityRoundThreeXCTests: XCTestCase {
  func testAViewActionFieldWriteOffTheMainActor() async {
    let store = await Store(initialState: SignIn.State()) {
      SignIn()
    }
    let log = await MainActor.run {
      store.email = "blob@pointfree.co"
      return store.log
    }
    XCTAssertEqual(log, ["blob@pointfree.co"])
  }

  func testBindingStateEncodesAsTheBareField() throws {
    let state = Query.State(text: "milk")
    let data = try JSONEncoder().encode(state)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"text":"milk"}"#)
    XCTAssertEqual(try JSONDecoder().decode(Query.State.self, from: data), state)
  }

  func testWithExhaustivityOffTheMainActor() async {
    let store = await TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    let task = await store.withExhaustivity(.off) {
      await store.send(.start)
    }
    await task.cancel()
    await store.skipReceivedActions()
    let exhaustivity = await store.exhaustivity
    XCTAssertEqual(exhaustivity, .on)
  }

  func testLocksTakenFromDetachedTasksLoseNoIncrement() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 { count.withLock { $0 += 1 } }
        }
      }
    }
    XCTAssertEqual(count.wrappedValue, 1_000)
  }
}

/// Skipped assertions of a non-exhaustive test store, worded as upstream's.
@MainActor
struct SkippedAssertionMessageTests {
  @Test func skippingOneReceivedActionSaysSo() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let task = await store.send(.start)
    let messages = await issueMessages {
      await store.skipReceivedActions()
    }
    #expect(
      messages == ["Skipped assertions: …\n\n1 received action was skipped:\n\nTicker.Action.tick"])
    await task.cancel()
  }

  @Test func cancellingTwoEffectsSaysWhereTheyCameFrom() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.start)
    await store.send(.start)
    let messages = await issueMessages {
      await store.skipInFlightEffects()
    }
    #expect(
      messages.last == """
        Skipped assertions: …

        2 in-flight effects were cancelled, originating from:

        [
          [0]: .start,
          [1]: .start
        ]
        """)
  }
}

/// What a non-exhaustive store that shows skipped assertions says of a change the step's
/// closure did not assert, and that it says nothing when the closure asserted it all.
@MainActor
struct SkippedStateChangeMessageTests {
  @Test func anUnassertedChangeIsShownAsASkippedMismatch() async {
    let store = TestStore(initialState: Query.State()) {
      Query()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let messages = await issueMessages {
      await store.send(.set(\.$text, "milk"))
    }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        "Skipped assertions: …\n\nState was not expected to change, but a change occurred: …")
        == true)
  }

  @Test func aFullyAssertedChangeShowsNothingSkipped() async {
    let store = TestStore(initialState: Query.State()) {
      Query()
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let messages = await issueMessages {
      await store.send(.set(\.$text, "milk")) {
        $0.text = "milk"
      }
    }
    #expect(messages.isEmpty)
  }
}
