import ComposableArchitecture
import PrimeModal

/// The shared-state study (S4): a Counter | Profile tab container whose tabs and itself hold one
/// shared ``Stats``.
///
/// ```swift
/// let store = Store(initialState: SharedStateStudy.State()) { SharedStateStudy() }
/// ```
///
/// The container, both tabs and anything else holding `.stats` see every change at once, from
/// an action or from outside one. Selecting the other tab counts as a tab switch; selecting the
/// current one does not.
@Reducer
public struct SharedStateStudy {
  /// The container's tabs.
  public enum Tab: Equatable, Sendable, CaseIterable {
    case counter
    case profile
  }

  @ObservableState
  public struct State: Equatable {
    /// The tab on show.
    public var currentTab: Tab
    /// How many times the selected tab changed in this session.
    public var tabSwitches: Int
    /// The stats both tabs hold too.
    @Shared public var stats: Stats
    /// The counter tab.
    public var counter: CounterTab.State
    /// The profile tab.
    public var profile: ProfileTab.State

    /// A study on the stats and favourites persisted in the state folder.
    public init() {
      self.init(
        stats: Shared(wrappedValue: Stats(), .stats),
        favoritePrimes: Shared(wrappedValue: [], .favoritePrimes)
      )
    }

    /// A study on given references to the stats and the favourites.
    public init(
      stats: Shared<Stats>,
      favoritePrimes: Shared<[Int]>,
      currentTab: Tab = .counter,
      tabSwitches: Int = 0
    ) {
      self.currentTab = currentTab
      self.tabSwitches = tabSwitches
      self._stats = stats
      self.counter = CounterTab.State(stats: stats, favoritePrimes: favoritePrimes)
      self.profile = ProfileTab.State(stats: stats)
    }

    /// The counter tab's title, with the count as a badge: "Counter (3)".
    public var counterTabTitle: String { "Counter (\(stats.count))" }
  }

  /// The tabs' actions and tab selection.
  public enum Action: Equatable, Sendable {
    case counter(CounterTab.Action)
    case profile(ProfileTab.Action)
    /// Shows a tab (←/→ or 1/2).
    case tabSelected(Tab)
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { CounterTab() }
    Scope(state: \.profile, action: \.profile) { ProfileTab() }
    Reduce { state, action in
      switch action {
      case .counter, .profile:
        return .none
      case let .tabSelected(tab):
        guard tab != state.currentTab else { return .none }
        state.currentTab = tab
        state.tabSwitches += 1
        return .none
      }
    }
  }
}
