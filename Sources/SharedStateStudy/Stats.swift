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

  /// Counts up by one, raising `maxCount` when the count passes it. At `Int.max` the count stays
  /// there (the arithmetic saturates: a count read from a file can be anything).
  public mutating func increment() {
    count = count.saturatingAdd(1)
    numberOfCounts = numberOfCounts.saturatingAdd(1)
    maxCount = max(maxCount, count)
  }

  /// Counts down by one, lowering `minCount` when the count passes it. At `Int.min` the count
  /// stays there.
  public mutating func decrement() {
    count = count.saturatingAdd(-1)
    numberOfCounts = numberOfCounts.saturatingAdd(1)
    minCount = min(minCount, count)
  }

  private enum CodingKeys: String, CodingKey {
    case count, maxCount, minCount, numberOfCounts
  }

  /// Reads stats as written, made whole when a file breaks their rules (edited by hand, or by
  /// another program): the extremes widened to hold the count and zero, a negative number of
  /// counts made zero, with a warning that says what was wrong.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    count = try container.decode(Int.self, forKey: .count)
    maxCount = try container.decode(Int.self, forKey: .maxCount)
    minCount = try container.decode(Int.self, forKey: .minCount)
    numberOfCounts = try container.decode(Int.self, forKey: .numberOfCounts)
    var problems: [String] = []
    if maxCount < max(count, 0) {
      problems.append("maxCount \(maxCount) is below the count or zero")
      maxCount = max(count, 0)
    }
    if minCount > min(count, 0) {
      problems.append("minCount \(minCount) is above the count or zero")
      minCount = min(count, 0)
    }
    if numberOfCounts < 0 {
      problems.append("numberOfCounts \(numberOfCounts) is negative")
      numberOfCounts = 0
    }
    if !problems.isEmpty {
      reportIssue("The stats read were out of range (\(problems.joined(separator: "; "))): fixed.")
    }
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

extension Int {
  /// The sum, or the nearest bound when it would overflow.
  fileprivate func saturatingAdd(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
