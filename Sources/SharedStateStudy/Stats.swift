import ComposableArchitecture
import DemoSupport

/// Counting statistics: the count, the highest and lowest it has been, and how many times it
/// changed.
///
/// ```swift
/// var stats = Stats()
/// stats.increment()  // count 1, maxCount 1, numberOfCounts 1
/// stats.decrement()  // count 0, minCount 0, numberOfCounts 2
/// ```
///
/// Starting from `Stats()`, `minCount ≤ count ≤ maxCount` always holds, and `minCount ≤ 0 ≤
/// maxCount`: the extremes include the starting zero.
public struct Stats: Codable, Equatable, Sendable {
  /// The current count.
  public private(set) var count = 0
  /// The highest the count has been (0 at least).
  public private(set) var maxCount = 0
  /// The lowest the count has been (0 at most).
  public private(set) var minCount = 0
  /// How many increments and decrements there were.
  public private(set) var numberOfCounts = 0

  /// All zero.
  public init() {}

  /// Counts up by one, raising `maxCount` when the count passes it.
  public mutating func increment() {
    count += 1
    numberOfCounts += 1
    maxCount = max(maxCount, count)
  }

  /// Counts down by one, lowering `minCount` when the count passes it.
  public mutating func decrement() {
    count -= 1
    numberOfCounts += 1
    minCount = min(minCount, count)
  }

  /// Back to zero everywhere.
  public mutating func reset() {
    self = Stats()
  }
}

extension SharedKey where Self == FileStorageKey<Stats> {
  /// The statistics, kept as JSON in `stats.json` in the state folder.
  ///
  /// <!-- context: core-state-fields -->
  /// ```swift
  /// @Shared(.stats) var stats = Stats()
  /// ```
  ///
  /// Every declaration, in this process or another on the same folder, holds the same stats.
  public static var stats: Self {
    .stateFile("stats.json")
  }
}
