import ComposableArchitecture
import ComposableTerminalUI
import DemoSupport

/// The counter stack: a root screen with a link to the first counter and the example deep link,
/// and the stack of counters and number facts over it.
public struct CounterStackStudyView: View {
  @Bindable var store: StoreOf<CounterStackStudy>

  /// Creates the study's view.
  public init(store: StoreOf<CounterStackStudy>) {
    self.store = store
  }

  public var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      VStack {
        Text(
          "A stack of counters held in one flat StackState. Each counter pushes another at "
            + "its count, loads and goes after two seconds, runs a timer that keeps ticking "
            + "while covered, and shows a fact about its number. Esc pops one screen.")
        Text("")
        NavigationLink(
          "Start a counter", state: CounterStackStudy.Path.State.counter(StackCounter.State()),
          shortcut: .character("s"))
        Button("Deep link 42 › 1729 › -999", shortcut: .character("d")) {
          store.send(.deepLinkButtonTapped)
        }
        Spacer()
      }
      .navigationTitle("Counter stack")
    } destination: { store in
      switch store.case {
      case .counter(let store): StackCounterView(store: store)
      case .numberFact(let store): NumberFactView(store: store)
      }
    }
  }
}

/// One counter of the stack.
public struct StackCounterView: View {
  let store: StoreOf<StackCounter>

  /// Creates a counter's view.
  public init(store: StoreOf<StackCounter>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      CountControls(count: store.count) {
        store.send(.decrementButtonTapped)
      } increment: {
        store.send(.incrementButtonTapped)
      }
      NavigationLink(
        "Push a counter at \(store.count)",
        state: CounterStackStudy.Path.State.counter(StackCounter.State(count: store.count)),
        shortcut: .character("n"))
      if store.isLoading {
        Spinner(frame: store.spinnerFrame, label: "Loading, then going…")
      } else {
        Button("Load and go", shortcut: .character("l")) { store.send(.loadAndGoButtonTapped) }
      }
      HStack {
        Button(store.isTimerRunning ? "Stop timer" : "Start timer", shortcut: .character("t")) {
          store.send(.toggleTimerButtonTapped)
        }
        Text(" Timer: \(store.secondsElapsed) s" + (store.isTimerRunning ? " (running)" : ""))
      }
      Button("Fact about \(store.count)", shortcut: .character("f")) {
        store.send(.factButtonTapped)
      }
      Spacer()
    }
    .navigationTitle("Counter \(store.count)")
  }
}

/// A number and its fact, shown in an alert.
public struct NumberFactView: View {
  @Bindable var store: StoreOf<NumberFact>

  /// Creates the screen's view.
  public init(store: StoreOf<NumberFact>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text("Number: \(store.number)").bold()
      if store.isLoading {
        Spinner(frame: store.spinnerFrame, label: "Looking it up…")
      } else {
        Button("Get a fact", shortcut: .character("f")) { store.send(.factButtonTapped) }
      }
      Spacer()
    }
    .navigationTitle("Fact \(store.number)")
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}
