import ComposableArchitecture
import ComposableTerminalUI
import DemoSupport
import PrimeModal

/// Study 1: a Counter | Profile tab view over one `@Shared` stats value, with the prime modal.
public struct SharedStateStudyView: View {
  @Bindable var store: StoreOf<SharedStateStudy>

  /// Creates the study's view.
  public init(store: StoreOf<SharedStateStudy>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      TabView(selection: $store.currentTab.sending(\.tabSelected)) {
        Tab(store.counterTabTitle, value: SharedStateStudy.Tab.counter) {
          CounterTabView(store: store.scope(state: \.counter, action: \.counter))
        }
        Tab("Profile", value: SharedStateStudy.Tab.profile) {
          ProfileTabView(store: store.scope(state: \.profile, action: \.profile))
        }
      }
      Text("Tab switches: \(store.tabSwitches)").dim()
    }
    .navigationTitle("Shared state")
  }
}

/// The counter tab: the count, `-`/`+`, and `p` for the prime modal.
public struct CounterTabView: View {
  @Bindable var store: StoreOf<CounterTab>

  /// Creates the tab's view.
  public init(store: StoreOf<CounterTab>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      CountControls(count: store.stats.count) {
        store.send(.decrementButtonTapped)
      } increment: {
        store.send(.incrementButtonTapped)
      }
      Button("Is this prime?", shortcut: .character("p")) { store.send(.isPrimeButtonTapped) }
      Spacer()
    }
    .sheet(item: $store.scope(state: \.primeModal, action: \.primeModal)) { modal in
      PrimeModalView(store: modal)
    }
  }
}

/// The profile tab: current, highest and lowest count, number of counts, and `r` to reset
/// after a confirmation.
public struct ProfileTabView: View {
  @Bindable var store: StoreOf<ProfileTab>

  /// Creates the tab's view.
  public init(store: StoreOf<ProfileTab>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text("Current count: \(store.stats.count)")
      Text("Max count: \(store.stats.maxCount)")
      Text("Min count: \(store.stats.minCount)")
      Text("Total number of counts: \(store.stats.numberOfCounts)")
      Button("Reset stats", shortcut: .character("r")) { store.send(.resetStatsButtonTapped) }
      Spacer()
    }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}
