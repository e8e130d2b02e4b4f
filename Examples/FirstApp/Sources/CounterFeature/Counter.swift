import ComposableTerminalUI

@Reducer
public struct Counter {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public init() {}
  }

  public enum Action {
    case decrementButtonTapped
    case incrementButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

public struct CounterView: View {
  let store: StoreOf<Counter>

  public init(store: StoreOf<Counter>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text("Count: \(store.count)").bold()
      HStack {
        Button("-", shortcut: .character("-")) { store.send(.decrementButtonTapped) }
        Button("+", shortcut: .character("+")) { store.send(.incrementButtonTapped) }
      }
    }
  }
}
