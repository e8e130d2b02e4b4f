import ComposableArchitecture
import TerminalUI

// The two screens the terminal benchmarks type into: a sign-up basics step (three fields and a
// button in a box) and a counter (a count over shared stats and two buttons).

@Reducer
struct BenchBasics {
  @ObservableState
  struct State: Equatable {
    var email = ""
    var password = ""
    var passwordConfirmation = ""
    var isNextButtonDisabled: Bool {
      !email.contains("@") || password.count < 8 || password != passwordConfirmation
    }
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case nextButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct BenchBasicsView: View {
  @Bindable var store: StoreOf<BenchBasics>
  var body: some View {
    Box(title: "Sign up › Basics") {
      TextField("Email", text: $store.email)
      SecureField("Password", text: $store.password)
      SecureField("Confirm password", text: $store.passwordConfirmation)
      Button("Next", shortcut: .ctrl("n")) { store.send(.nextButtonTapped) }
        .disabled(store.isNextButtonDisabled)
      Spacer()
      Text("tab focus  ctrl-n next  ctrl-c quit").dim()
    }
  }
}

@Reducer
struct BenchCounter {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: BenchStats
    /// Changed by a timer the counter screen never shows.
    var unreadTicks = 0
  }
  enum Action {
    case incrementButtonTapped
    case tick
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.stats.increment()
    case .tick:
      state.unreadTicks += 1
    }
    return .none
  }
}

struct BenchCounterView: View {
  let store: StoreOf<BenchCounter>
  var body: some View {
    Box(title: "Counter") {
      Text("Count: \(store.stats.count)").bold()
      Text("Max \(store.stats.maxCount)  Counts \(store.stats.numberOfCounts)")
      HStack {
        Button("-", shortcut: .character("-")) {}
        Button("+", shortcut: .character("+")) { store.send(.incrementButtonTapped) }
      }
      Spacer()
      Text("+ increment  - decrement  ctrl-c quit").dim()
    }
  }
}
