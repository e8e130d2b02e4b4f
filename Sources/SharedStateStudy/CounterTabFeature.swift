import ComposableArchitecture
import PrimeModal

/// The counter tab: counts up and down through the shared stats and asks whether the count is
/// prime.
///
/// <!-- context: core-shared-state-study-body -->
/// ```swift
/// Scope(state: \.counter, action: \.counter) { CounterTab() }
/// ```
///
/// Every change goes to the shared stats, so the profile tab and the container see it at once;
/// the prime modal saves to the favourites shared with the favourite-primes study.
@Reducer
public struct CounterTab {
  @ObservableState
  public struct State: Equatable {
    /// The stats the count lives in.
    @Shared public var stats: Stats
    /// The favourites the prime modal saves to.
    @Shared public var favoritePrimes: [Int]
    /// The prime modal, when "is this prime?" was asked.
    @Presents public var primeModal: PrimeModal.State?

    /// A counter tab on the given stats and favourites.
    public init(stats: Shared<Stats>, favoritePrimes: Shared<[Int]>) {
      self._stats = stats
      self._favoritePrimes = favoritePrimes
    }

    /// The count and the favourites, packaged for the prime modal.
    public var primeModalState: PrimeModalState {
      PrimeModalState(count: stats.count, favoritePrimes: $favoritePrimes)
    }
  }

  /// What the counter tab's keys send.
  public enum Action: Equatable, Sendable {
    /// Counts down (`-`).
    case decrementButtonTapped
    /// Counts up (`+`).
    case incrementButtonTapped
    /// Opens the prime modal (`p`).
    case isPrimeButtonTapped
    /// The prime modal's actions and its dismissal (Esc).
    case primeModal(PresentationAction<PrimeModal.Action>)
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.$stats.withLock { $0.decrement() }
        return .none
      case .incrementButtonTapped:
        state.$stats.withLock { $0.increment() }
        return .none
      case .isPrimeButtonTapped:
        state.primeModal = state.primeModalState
        return .none
      case .primeModal:
        return .none
      }
    }
    .ifLet(\.$primeModal, action: \.primeModal) { PrimeModal() }
  }
}
