import ComposableArchitecture
import Foundation
import Testing
import XCTest

// What TCA users write with the macros: features that leave out what they do not need.

// MARK: - Features that leave things out

/// A placeholder screen: `@Reducer` writes its empty `State`, `Action` and `body`.
@Reducer
private struct PlaceholderScreen {}

/// A banner with state and nothing to do: `@Reducer` writes `Action` and `body`.
@Reducer
private struct WelcomeBanner {
  @ObservableState
  struct State: Equatable {
    var text = "Welcome"
  }
}

/// A home screen that embeds the banner.
@Reducer
private struct HomeScreen {
  @ObservableState
  struct State: Equatable {
    var banner = WelcomeBanner.State()
    var visits = 0
  }
  enum Action {
    case banner(WelcomeBanner.Action)
    case visited
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.banner, action: \.banner) {
      WelcomeBanner()
    }
    Reduce { state, action in
      switch action {
      case .visited:
        state.visits += 1
        return .none
      }
    }
  }
}

/// A feature with actions and a `reduce` method but no state: `@Reducer` writes `State`.
@Reducer
private struct HeartbeatFeature {
  enum Action: Equatable {
    case beat
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

// MARK: - XCTest, on the main actor

@MainActor
final class MacroUsageTests: XCTestCase {
  func testAnEmptyReducerHasAnEmptyStateThatRoundTrips() async throws {
    let store = TestStore(initialState: PlaceholderScreen.State()) {
      PlaceholderScreen()
    }
    XCTAssertEqual(store.state, PlaceholderScreen.State())
    let data = try JSONEncoder().encode(store.state)
    XCTAssertEqual(try JSONDecoder().decode(PlaceholderScreen.State.self, from: data), store.state)
    XCTAssertEqual(Set([PlaceholderScreen.State(), PlaceholderScreen.State()]).count, 1)
  }
}

// MARK: - XCTest, off the main actor

final class MacroUsageOffMainActorTests: XCTestCase {
  func testAFeatureWithoutStateGetsOne() async {
    let store = await TestStore(initialState: HeartbeatFeature.State()) {
      HeartbeatFeature()
    }
    await store.send(.beat)
    await store.finish()
    await releaseOnMainActor(consume store)
  }
}

// MARK: - Swift Testing, on the main actor

@MainActor
@Suite struct MacroUsageMainActorSuite {
  @Test func aStateOnlyFeatureComposesIntoAParent() async {
    let store = TestStore(initialState: HomeScreen.State()) {
      HomeScreen()
    }
    await store.send(.visited) {
      $0.visits = 1
    }
    #expect(store.state.banner.text == "Welcome")
  }
}

// MARK: - Swift Testing, off the main actor

@Suite struct MacroUsageSuite {
  @Test func aPlaceholderFeatureOffTheMainActor() async {
    let store = await TestStore(initialState: PlaceholderScreen.State()) {
      PlaceholderScreen()
    }
    await #expect(store.state == PlaceholderScreen.State())
    await store.finish()
    await releaseOnMainActor(consume store)
  }
}

/// Ends a test store's life on the main actor, where `TestStore` runs its end-of-test checks.
///
/// NB: On this branch a `TestStore` dropped off the main actor traps in its `deinit`; until
/// that is fixed in the library, tests off the main actor hand their store back when done.
@MainActor
private func releaseOnMainActor<State, Action>(_ store: consuming TestStore<State, Action>) {
  _ = consume store
}
