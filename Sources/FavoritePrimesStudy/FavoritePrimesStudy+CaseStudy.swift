import ComposableArchitecture
import DemoSupport
import TerminalUI

extension FavoritePrimesStudy: CaseStudy {
  public static let name = "favorite-primes"
  public static let title = "Favorite primes"
  public static let summary = "modular reducers, a prime modal and an activity feed (S1)"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group {
    Group { FavoritePrimesStudyView(store: store) }
  }
}
