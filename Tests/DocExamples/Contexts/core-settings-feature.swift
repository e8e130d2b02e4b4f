// A settings screen whose fields bind, with a search `query`; the example is one of its members
// (its `body`). The settings are saved by a `settingsClient`.
struct Settings: Equatable, Sendable {
  var isDarkMode = false
}

struct SettingsClient: Sendable {
  var set: @Sendable (Settings) async -> Void
}

@Reducer
struct SettingsFeature {
  @ObservableState
  struct State {
    var query = ""
    var settings = Settings()
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case search(String)
  }
  let settingsClient = SettingsClient(set: { _ in })
  // example
}
