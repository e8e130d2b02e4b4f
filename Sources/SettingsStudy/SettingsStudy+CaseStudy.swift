import ComposableArchitecture
import DemoSupport
import TerminalUI

extension SettingsStudy: CaseStudy {
  public static let name = "settings"
  public static let title = "Settings"
  public static let summary = "display settings owned by a persisted dependency (S5)"
  public static func makeState() -> State {
    @Dependency(\.settingsClient) var settingsClient
    return State(settings: settingsClient.get())
  }
  public static func view(_ store: StoreOf<Self>) -> Group {
    Group { SettingsStudyView(store: store) }
  }
}
