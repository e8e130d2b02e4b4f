import ComposableArchitecture
import ComposableTerminalUI
import DemoSupport
import PrimeModal

/// The favourite-primes counter: the count, `-`/`+`, `p` for the prime modal and `n` for the
/// nth prime, searched off the main actor with a progress bar; Esc cancels a running search.
public struct CounterView: View {
  @Bindable var store: StoreOf<Counter>

  /// Creates the counter's view.
  public init(store: StoreOf<Counter>) {
    self.store = store
  }

  var keys: KeyTable<Counter.Action> {
    KeyTable {
      KeyBinding(
        .escape, "cancel search", .cancelNthPrimeButtonTapped,
        isEnabled: store.nthPrimeProgress != nil)
    }
  }

  public var body: some View {
    VStack {
      CountControls(count: store.count) {
        store.send(.decrementButtonTapped)
      } increment: {
        store.send(.incrementButtonTapped)
      }
      Button("Is this prime?", shortcut: .character("p")) { store.send(.isPrimeButtonTapped) }
      Button(store.nthPrimeButtonTitle, shortcut: .character("n")) {
        store.send(.nthPrimeButtonTapped)
      }
      .disabled(store.isNthPrimeButtonDisabled)
      if let progress = store.nthPrimeProgress {
        ProgressView(
          "Found \(progress.found) of \(progress.n), checked \(progress.checked)",
          value: progress.fraction)
      }
      Spacer()
    }
    .keys(keys) { store.send($0) }
    .sheet(item: $store.scope(state: \.primeModal, action: \.primeModal)) { modal in
      PrimeModalView(store: modal)
    }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}
