import ComposableArchitecture
import DemoSupport
import TerminalUI

extension GalleryFeature: CaseStudy {
  public static let name = "gallery"
  public static let title = "Gallery"
  public static let summary = "every widget, with keys and the mouse, on four tabs"
  public static func makeState() -> State { State() }
  public static func view(_ store: StoreOf<Self>) -> Group { Group { GalleryView(store: store) } }
}
