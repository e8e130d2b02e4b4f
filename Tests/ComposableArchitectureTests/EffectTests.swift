import Foundation
import Testing

@testable import ComposableArchitecture

@MainActor
struct EffectTests {
  struct Feature: Reducer {
    struct State: Equatable { var log: [String] = [] }
    @CasePathable
    enum Action: Equatable {
      case concatenate
      case merge
      case mapped(String)
      case record(String)
      case runThrowing
      case runThrowingUnhandled
      case search(String)
      case searchResult(String)
      case cancelSearch
      case concatenateThenCancel
    }
    enum CancelID { case search, sequence }
    struct Failure: Error {}
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .concatenate:
        return .concatenate(
          .run { send in
            try await clock.sleep(for: .seconds(2))
            await send(.record("slow first"))
          },
          .send(.record("second")),
          .run { send in await send(.record("third")) }
        )
      case .merge:
        return .merge(.send(.record("a")), .none, .send(.record("b")))
      case let .mapped(value):
        return Effect<String>.send(value).map(Action.record)
      case let .record(value):
        state.log.append(value)
        return .none
      case .runThrowing:
        return .run { _ in
          throw Failure()
        } catch: { _, send in
          await send(.record("caught"))
        }
      case .runThrowingUnhandled:
        return .run { _ in throw Failure() }
      case let .search(query):
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.searchResult(query))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)
      case let .searchResult(result):
        state.log.append("result \(result)")
        return .none
      case .cancelSearch:
        return .cancel(id: CancelID.search)
      case .concatenateThenCancel:
        return .concatenate(
          .run { _ in try await clock.sleep(for: .seconds(1)) },
          .send(.record("never"))
        )
        .cancellable(id: CancelID.sequence)
      }
    }
  }

  @Test func concatenateRunsEffectsInOrder() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenate)
    await clock.advance(by: .seconds(2))
    await store.receive(.record("slow first")) { $0.log = ["slow first"] }
    await store.receive(.record("second")) { $0.log.append("second") }
    await store.receive(.record("third")) { $0.log.append("third") }
  }

  @Test func mergeSendsInTheOrderListed() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.merge)
    await store.receive(.record("a")) { $0.log = ["a"] }
    await store.receive(.record("b")) { $0.log = ["a", "b"] }
  }

  @Test func mapTransformsSentActions() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.mapped("x"))
    await store.receive(.record("x")) { $0.log = ["x"] }
  }

  @Test func runErrorsGoToTheCatchHandler() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.runThrowing)
    await store.receive(.record("caught")) { $0.log = ["caught"] }
  }

  @Test func unhandledRunErrorsAreReported() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await withKnownIssue {
      await store.send(.runThrowingUnhandled).finish()
    } matching: { issue in
      message(of: issue).contains("threw an unhandled error")
    }
  }

  @Test func cancelInFlightCancelsThePreviousEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("c"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("co"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("com"))
    await clock.advance(by: .seconds(1))
    await store.receive(.searchResult("com")) { $0.log = ["result com"] }
  }

  @Test func cancelStopsAnEffectById() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("c"))
    await store.send(.cancelSearch)
    await clock.advance(by: .seconds(2))
  }

  @Test func aLongLivingTimerIsCancelledById() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.timerTicked) { $0.count = 2 }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func cancellingAConcatenationStartsNoneOfTheRest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenateThenCancel)
    await store.send(.cancelSearch)  // a different id: the sequence keeps going
    await clock.advance(by: .seconds(1))
    await store.receive(.record("never")) { $0.log = ["never"] }

    await store.send(.concatenateThenCancel)
    let registry = store.runtime.registry
    #expect(registry.liveCount == 2)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func actionsSentAfterCancellationAreDropped() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.send(.startTimer)
    #expect(await waitForSleeper(on: clock))
    await clock.advance(by: .seconds(1))
    #expect(await eventually { store.count == 1 })
    store.send(.stopTimer)
    await clock.advance(by: .seconds(3))
    await Task.megaYield()
    #expect(store.count == 1)
  }

  @Test func runSeesDependenciesInForceWhereItWasCreated() async {
    struct Feature: Reducer {
      struct State: Equatable { var value = "" }
      enum Action: Equatable { case start, value(String) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in
            @Dependency(\.date.now) var now
            await send(.value("\(now.timeIntervalSince1970)"))
          }
        case let .value(value):
          state.value = value
          return .none
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) {
      Feature().dependency(\.date.now, Date(timeIntervalSince1970: 42))
    }
    await store.send(.start)
    await store.receive(.value("42.0")) { $0.value = "42.0" }
  }
}

/// What an effect captured lives as long as the effect: cancelling it frees its task and all it
/// held, in a live store.
struct Holding: Reducer {
  final class Token: Sendable {}
  struct State: Equatable {}
  enum Action {
    case start(Token)
    case stop
  }
  enum CancelID { case holding }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(token):
      return .run { _ in
        try await Task.sleep(for: .seconds(3600))
        _ = token
      }
      .cancellable(id: CancelID.holding)
    case .stop:
      return .cancel(id: CancelID.holding)
    }
  }
}

@MainActor
struct EffectLifetimeTests {
  @Test func aCancelledEffectFreesWhatItCaptured() async {
    let store = Store(initialState: Holding.State()) { Holding() }
    weak var token: Holding.Token?
    let effect: StoreTask
    do {
      let held = Holding.Token()
      token = held
      effect = store.send(.start(held))
    }
    #expect(token != nil, "the running effect holds it")
    store.send(.stop)
    await effect.finish()
    #expect(store.runningEffectCount == 0)
    // The task's frame goes once the task has returned; on a loaded machine that can lag.
    let freed = await eventually(within: 60) { token == nil }
    #expect(freed)
  }
}
