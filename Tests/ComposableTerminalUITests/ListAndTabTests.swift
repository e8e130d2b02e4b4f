import Clocks
import ComposableTerminalUI
import TerminalUITesting
import Testing

@MainActor
struct ListAndTabTests {
  @Test func aSpinnerAdvancesOnTheClockAndAProgressBarScalesToItsWidth() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.tick) { $0.frame = 1 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.tick) { $0.frame = 2 }
    await store.send(.stop)
    #expect(
      render(Spinner(frame: store.state.frame, label: "Checking"), size: Size(width: 12, height: 1))
        .lines == ["⠹ Checking  "])
    #expect(
      render(Spinner(frame: -1, ascii: true), size: Size(width: 2, height: 1)).lines == ["\\ "])
    assertScreen(
      VStack {
        ProgressView("Searching", value: 0.5)
        ProgressView("Done", value: 1)
        ProgressView("", value: .nan)
      }, width: 30, height: 3, named: "bars")
    #expect(
      render(ProgressView("Searching", value: 0.5), size: Size(width: 8, height: 1)).lines == [
        "Searchi…"
      ])
  }
}

@Reducer
private struct Ticker {
  @ObservableState
  struct State: Equatable {
    var frame = 0
  }
  enum Action {
    case start
    case stop
    case tick
  }
  enum CancelID { case spinner }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .spinnerTicks(every: .milliseconds(100), .tick).cancellable(id: CancelID.spinner)
      case .stop:
        return .cancel(id: CancelID.spinner)
      case .tick:
        state.frame += 1
        return .none
      }
    }
  }
}
