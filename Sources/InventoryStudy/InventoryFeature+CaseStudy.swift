import ComposableArchitecture
import DemoSupport
import TerminalUI

extension InventoryFeature: CaseStudy {
  public static let name = "inventory"
  public static let title = "Inventory"
  public static let summary = "a list with an item form presented through a destination enum (S2)"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group { Group { InventoryView(store: store) } }

  /// The inventory with a form open: `deepLink` is `add` or `edit:NAME`.
  public static func makeState(deepLink: String) throws -> State {
    try State(deepLink: deepLink)
  }
}
