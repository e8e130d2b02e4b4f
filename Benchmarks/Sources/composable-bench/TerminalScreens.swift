import ComposableArchitecture
import CounterStackStudy
import SharedStateStudy
import SignUpStudy
import TerminalUI

// The screens the terminal benchmarks type into are the demo app's own: the sign-up basics
// step, the shared-state counter tab, and the counter stack with a timer in a covered counter.
// Their clocks never move (a test clock), so no spinner or debounce fires while keys are timed;
// shared values live in memory.

/// The basics step of the sign-up study, its email field focused.
@MainActor
func basicsScreen(_ size: Size) -> (app: Application, store: StoreOf<BasicsFeature>) {
  let store = Store(initialState: BasicsFeature.State(signUpData: Shared(value: SignUpData()))) {
    BasicsFeature()
  } withDependencies: {
    $0.continuousClock = TestClock()
  }
  let app = Application(backend: HeadlessBackend(width: size.width, height: size.height)) {
    BasicsView(store: store)
  }
  return (app, store)
}

/// The counter tab of the shared-state study.
@MainActor
func counterTabScreen(_ size: Size) -> (app: Application, store: StoreOf<CounterTab>) {
  let state = CounterTab.State(stats: Shared(value: Stats()), favoritePrimes: Shared(value: []))
  let store = Store(initialState: state) { CounterTab() }
  let app = Application(backend: HeadlessBackend(width: size.width, height: size.height)) {
    CounterTabView(store: store)
  }
  return (app, store)
}

/// The counter stack two counters deep: the covered one's timer ticks, the top one shows.
@MainActor
func coveredTimerScreen() -> (
  app: Application, store: StoreOf<CounterStackStudy>, covered: StackElementID
) {
  let state = try! CounterStackStudy.State(deepLink: "1,2")
  let store = Store(initialState: state) {
    CounterStackStudy()
  } withDependencies: {
    $0.continuousClock = TestClock()
  }
  let app = Application(backend: HeadlessBackend(width: 80, height: 24)) {
    CounterStackStudyView(store: store)
  }
  return (app, store, state.path.ids[0])
}
