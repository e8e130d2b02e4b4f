import ComposableArchitecture

/// What the prime modal works on: a count and the favourite primes.
///
/// A parent that keeps these fields apart packages them with a computed, writable property:
///
/// <!-- context: core-prime-counter-state -->
/// ```swift
/// var primeModalState: PrimeModalState {
///   get { PrimeModalState(count: count, favoritePrimes: $favoritePrimes) }
///   set { count = newValue.count; $favoritePrimes = newValue.$favoritePrimes }
/// }
/// ```
///
/// The favourites are a shared reference, so a prime saved here is seen by every holder.
@ObservableState
public struct PrimeModalState: Equatable {
  /// The number the modal is about.
  public var count: Int
  /// The favourite primes, in the order they were saved.
  @Shared public var favoritePrimes: [Int]

  /// Creates the modal's state from a count and a reference to the favourites.
  public init(count: Int, favoritePrimes: Shared<[Int]>) {
    self.count = count
    self._favoritePrimes = favoritePrimes
  }

  /// Whether the count is prime.
  public var countIsPrime: Bool { isPrime(count) }

  /// Whether the count is among the favourites.
  public var countIsFavorite: Bool { favoritePrimes.contains(count) }

  /// The modal's headline, for example "7 is prime 🎉" or "8 is not prime :(".
  public var message: String {
    countIsPrime ? "\(count) is prime 🎉" : "\(count) is not prime :("
  }

  /// The label of the save/remove button, or `nil` when the count is not prime.
  public var toggleFavoriteTitle: String? {
    guard countIsPrime else { return nil }
    return countIsFavorite ? "Remove from favorite primes" : "Save to favorite primes"
  }
}

/// Says whether a count is prime and, when it is, saves it to or removes it from the favourite
/// primes.
///
/// <!-- context: core-prime-counter -->
/// ```swift
/// Reduce { state, action in .none }
///   .ifLet(\.$primeModal, action: \.primeModal) { PrimeModal() }
/// ```
///
/// Only primes are ever saved, each at most once; removing a number that is not a favourite
/// changes nothing.
@Reducer
public struct PrimeModal {
  public typealias State = PrimeModalState

  /// What the modal's buttons send.
  public enum Action: Equatable, Sendable {
    /// Adds the count to the favourites when it is a prime not already saved.
    case saveFavoritePrimeTapped
    /// Removes the count from the favourites.
    case removeFavoritePrimeTapped
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveFavoritePrimeTapped:
        guard state.countIsPrime, !state.countIsFavorite else { return .none }
        let count = state.count
        state.$favoritePrimes.withLock { $0.append(count) }
        return .none
      case .removeFavoritePrimeTapped:
        guard state.countIsFavorite else { return .none }
        let count = state.count
        state.$favoritePrimes.withLock { $0.removeAll { $0 == count } }
        return .none
      }
    }
  }
}
