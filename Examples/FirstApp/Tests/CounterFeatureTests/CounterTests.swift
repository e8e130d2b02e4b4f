import ComposableTerminalUI
import CounterFeature
import TerminalUITesting
import Testing

@MainActor
struct CounterTests {
  @Test func countsUpAndDown() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
  }

  @Test func plusKeysShowOnScreen() {
    let store = Store(initialState: Counter.State()) { Counter() }
    let backend = HeadlessBackend(width: 30, height: 4)
    let app = Application(backend: backend, showsHelpBar: true) { CounterView(store: store) }
    app.handle([.character("+"), .character("+")])
    assertScreen(backend, named: "count-2")
  }
}
