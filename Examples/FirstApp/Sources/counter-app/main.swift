import ComposableTerminalUI
import CounterFeature
import TerminalUINCurses

let store = Store(initialState: Counter.State()) { Counter() }
await TerminalApp.run { CounterView(store: store) }
