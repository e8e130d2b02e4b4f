import ComposableArchitecture
import DemoSupport
import TerminalUI

extension SharedStateStudy: CaseStudy {
  public static let name = "shared-state"
  public static let title = "Shared state"
  public static let summary =
    "@Shared stats across a counter tab, a profile tab and a prime modal (S4)"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group {
    Group { SharedStateStudyView(store: store) }
  }

  /// The shared stats keep their minimum at most their count, and their count at most their
  /// maximum.
  public static func problems(in state: State) -> [String] {
    let stats = state.counter.stats
    guard !(stats.minCount <= stats.count && stats.count <= stats.maxCount) else { return [] }
    return [
      "stats out of order: min \(stats.minCount), count \(stats.count), max \(stats.maxCount)"
    ]
  }
}
