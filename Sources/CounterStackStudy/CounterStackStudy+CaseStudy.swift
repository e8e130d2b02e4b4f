import ComposableArchitecture
import DemoSupport
import TerminalUI

extension CounterStackStudy: CaseStudy {
  public static let name = "counter-stack"
  public static let title = "Counter stack"
  public static let summary = "a stack of counters with timers, load-and-go and number facts (S3)"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group {
    Group { CounterStackStudyView(store: store) }
  }

  /// The study with counters pushed: `deepLink` lists their counts, like `42,1729,-999`.
  public static func makeState(deepLink: String) throws -> State {
    try State(deepLink: deepLink)
  }

  public static func problems(in state: State) -> [String] {
    state.path.repeatedIDProblems(name: "the counter stack")
  }
}
