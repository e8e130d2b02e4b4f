import ComposableArchitecture
import DemoSupport
import TerminalUI

extension SignUpFeature: CaseStudy {
  public static let name = "sign-up"
  public static let title = "Sign up"
  public static let summary =
    "a multi-step flow on a navigation stack sharing one sign-up value (S4)"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group { Group { SignUpView(store: store) } }

  public static func problems(in state: State) -> [String] {
    state.path.repeatedIDProblems(name: "the sign-up stack")
  }
}
