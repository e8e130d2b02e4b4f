import ComposableArchitecture
import Counter
import FavoritePrimes
import PrimeModal

/// The favourite-primes study (S1): a counter with the prime modal and the nth prime, the list
/// of favourite primes, and a feed of every favourite added or removed.
///
/// ```swift
/// let store = Store(initialState: FavoritePrimesStudy.State()) { FavoritePrimesStudy() }
/// ```
///
/// The counter and the list hold the one persisted list of favourites (`.favoritePrimes`), so a
/// prime saved in the modal is listed at once; the activity feed wraps the whole study.
@Reducer
public struct FavoritePrimesStudy {
  /// The study's two screens.
  public enum Tab: Equatable, Sendable, CaseIterable {
    case counter
    case favoritePrimes
  }

  @ObservableState
  public struct State: Equatable {
    /// The screen on show.
    public var tab: Tab
    /// The counter screen.
    public var counter: Counter.State
    /// The favourites screen.
    public var favoritePrimes: FavoritePrimes.State
    /// Every favourite added or removed, oldest first.
    public var activityFeed: [Activity]

    /// A study on the favourites persisted in the state folder.
    public init() {
      self.init(favoritePrimes: Shared(wrappedValue: [], .favoritePrimes))
    }

    /// A study on a given reference to the favourites.
    public init(
      favoritePrimes: Shared<[Int]>,
      tab: Tab = .counter,
      count: Int = 0,
      activityFeed: [Activity] = []
    ) {
      self.tab = tab
      self.counter = Counter.State(count: count, favoritePrimes: favoritePrimes)
      self.favoritePrimes = FavoritePrimes.State(favoritePrimes: favoritePrimes)
      self.activityFeed = activityFeed
    }

    /// The favourites, as the counter and the list both hold them.
    public var favoritePrimeList: [Int] { favoritePrimes.favoritePrimes }
  }

  /// The screens' actions and tab selection.
  public enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case favoritePrimes(FavoritePrimes.Action)
    /// Shows a screen.
    case tabSelected(Tab)
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \.counter, action: \.counter) { Counter() }
      Scope(state: \.favoritePrimes, action: \.favoritePrimes) { FavoritePrimes() }
      Reduce { state, action in
        switch action {
        case .counter, .favoritePrimes:
          return .none
        case let .tabSelected(tab):
          state.tab = tab
          return .none
        }
      }
    }
    .activityFeed(favoritePrimes: \.favoritePrimeList, feed: \.activityFeed)
  }
}
