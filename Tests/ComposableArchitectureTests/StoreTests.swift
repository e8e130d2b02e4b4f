import ComposableArchitecture
import Foundation
import Testing

struct Grandparent: Reducer {
  struct State: Equatable { var parent = StoreTests.Parent.State() }
  @CasePathable enum Action: Equatable { case parent(StoreTests.Parent.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.parent, action: \.parent) { StoreTests.Parent() }
  }
}

@MainActor
struct StoreTests {
  struct Parent: Reducer {
    struct State: Equatable {
      var child = Counter.State()
      var log: [String] = []
    }
    @CasePathable
    enum Action: Equatable {
      case child(Counter.Action)
      case reset
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: \.child) { Counter() }
      Reduce { state, action in
        switch action {
        case let .child(childAction):
          state.log.append("parent saw \(childAction)")
          return .none
        case .reset:
          state.child.count = 0
          return .none
        }
      }
    }
  }

  @Test func scopedStoreSeesParentMutations() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.incrementButtonTapped)
    child.send(.incrementButtonTapped)
    #expect(child.count == 2)
    #expect(store.child.count == 2)
    store.send(.reset)
    #expect(child.count == 0)
    #expect(child.state == Counter.State())
  }

  @Test func scopedStoreSendsRunTheRootReducer() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.scope(state: \.child, action: \.child).send(.decrementButtonTapped)
    #expect(store.log == ["parent saw decrementButtonTapped"])
  }

  @Test func scopingTwiceReturnsTheSameStore() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let first = store.scope(state: \.child, action: \.child)
    let second = store.scope(state: \.child, action: \.child)
    #expect(first === second)
  }

  @Test func scopingAScopedStoreComposesPaths() {
    let store = Store(initialState: Grandparent.State()) { Grandparent() }
    let counter =
      store
      .scope(state: \.parent, action: \.parent)
      .scope(state: \.child, action: \.child)
    counter.send(.incrementButtonTapped)
    #expect(store.parent.child.count == 1)
    #expect(counter.withState(\.count) == 1)
  }

  @Test func synchronousActionsAreProcessedInOrderNeverReentrantly() {
    struct Feature: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action { case start, a, b, c }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("begin \(action)")
        defer { state.log.append("end \(action)") }
        switch action {
        case .start: return .merge(.send(.a), .send(.b))
        case .a: return .send(.c)
        case .b, .c: return .none
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.start)
    #expect(
      store.log == [
        "begin start", "end start", "begin a", "end a", "begin b", "end b", "begin c", "end c",
      ])
  }

  @Test func effectsRunOffTheMainActorAndTheirSendsComeBackInOrder() async {
    struct Feature: Reducer {
      struct State: Equatable { var values: [Int] = [] }
      enum Action { case start, value(Int) }
      let ranOnMain = LockIsolated<Bool?>(nil)
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { [ranOnMain] send in
            ranOnMain.setValue(isOnMainThread())
            for value in 1...5 { await send(.value(value)) }
          }
        case let .value(value):
          state.values.append(value)
          return .none
        }
      }
    }
    let feature = Feature()
    let store = Store(initialState: Feature.State()) { feature }
    await store.send(.start).finish()
    #expect(store.values == [1, 2, 3, 4, 5])
    #expect(feature.ranOnMain.value == false)
  }

  @Test func storeTaskCancelStopsTheEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = store.send(.startTimer)
    for tick in 1...2 {
      #expect(await waitForSleeper(on: clock))
      await clock.advance(by: .seconds(1))
      #expect(await eventually { store.count == tick })
    }
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(5))
    await Task.megaYield()
    #expect(store.count == 2)
  }

  @Test func storeTaskFinishWaitsForEffectsOfActionsItsEffectsSent() async {
    struct Feature: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action { case first, second, done }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("\(action)")
        switch action {
        case .first: return .run { send in await send(.second) }
        case .second:
          return .run { send in
            try await Task.sleep(for: .milliseconds(20))
            await send(.done)
          }
        case .done: return .none
        }
      }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    await store.send(.first).finish()
    #expect(store.log == ["first", "second", "done"])
  }

  @Test func sendingFromACompletedEffectIsReported() async {
    struct Feature: Reducer {
      struct State: Equatable {}
      enum Action { case start, late }
      let escaped = LockIsolated<Send<Action>?>(nil)
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start: return .run { [escaped] send in escaped.setValue(send) }
        case .late: return .none
        }
      }
    }
    let feature = Feature()
    let store = Store(initialState: Feature.State()) { feature }
    await store.send(.start).finish()
    withKnownIssue {
      feature.escaped.value?(.late)
    } matching: { issue in
      message(of: issue).contains("An action was sent from a completed effect")
    }
  }

  @Test func aSendWithNoEffectReturnsAnEmptyTask() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let task = store.send(.incrementButtonTapped)
    #expect(!task.isCancelled)
    await task.finish()
    #expect(store.count == 1)
  }
}

/// Whether the current thread is the main thread (effects must not run there).
func isOnMainThread() -> Bool {
  Thread.isMainThread
}
