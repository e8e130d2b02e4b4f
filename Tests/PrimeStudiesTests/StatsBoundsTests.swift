import ComposableArchitecture
import Foundation
import SharedStateStudy
import Testing

/// The stats a state file holds can be anything: counting past the largest count stays there
/// instead of trapping, and stats that break their own rules are made whole with a warning.
struct StatsBoundsTests {
  @Test func countingPastTheLargestCountStaysThere() throws {
    let json =
      #"{"count": 9223372036854775807, "maxCount": 9223372036854775807, "#
      + #""minCount": -9223372036854775808, "numberOfCounts": 9223372036854775807}"#
    var stats = try JSONDecoder().decode(Stats.self, from: Data(json.utf8))
    stats.increment()
    #expect(stats.count == .max)
    #expect(stats.numberOfCounts == .max)
    stats.decrement()
    #expect(stats.count == .max - 1)
    for _ in 0..<3 { stats.reset() }
    #expect(stats == Stats())
  }

  @Test func countingBelowTheSmallestCountStaysThere() throws {
    let json =
      #"{"count": -9223372036854775808, "maxCount": 0, "#
      + #""minCount": -9223372036854775808, "numberOfCounts": 1}"#
    var stats = try JSONDecoder().decode(Stats.self, from: Data(json.utf8))
    stats.decrement()
    #expect(stats.count == .min)
    #expect(stats.minCount == .min)
  }

  @Test func statsThatBreakTheirRulesAreMadeWholeWithAWarning() throws {
    let json = #"{"count": 7, "maxCount": 3, "minCount": 2, "numberOfCounts": -4}"#
    var stats: Stats?
    withKnownIssue {
      stats = try? JSONDecoder().decode(Stats.self, from: Data(json.utf8))
    } matching: { issue in
      issue.description.contains("maxCount 3 is below the count or zero")
        && issue.description.contains("minCount 2 is above the count or zero")
        && issue.description.contains("numberOfCounts -4 is negative")
    }
    #expect(stats?.count == 7)
    #expect(stats?.maxCount == 7)
    #expect(stats?.minCount == 0)
    #expect(stats?.numberOfCounts == 0)
  }
}
