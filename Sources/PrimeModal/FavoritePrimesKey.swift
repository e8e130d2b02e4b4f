import ComposableArchitecture
import DemoSupport

extension SharedKey where Self == FileStorageKey<[Int]> {
  /// The favourite primes, kept as JSON in `favorite-primes.json` in the state folder, shared by
  /// every study that saves or lists them.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.favoritePrimes) var favoritePrimes: [Int] = []
  /// ```
  ///
  /// Every declaration holds the same reference, so a prime saved in one study shows in the
  /// others at once.
  public static var favoritePrimes: Self {
    .stateFile("favorite-primes.json")
  }
}
