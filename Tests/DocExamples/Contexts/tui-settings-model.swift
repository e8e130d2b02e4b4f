// An `@Observable` model of settings (a whole `Settings` value, whether a reset waits for
// confirmation) and the views that show them.
struct Settings: Equatable, Sendable {
  var userName = ""
  var showsHelpBar = true
}

@MainActor @Observable final class SettingsModel {
  var settings = Settings()
  var confirmsReset = false
  func reset() { settings = Settings() }
  func watchSettings() async {
    while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
  }
}

struct SettingsView: View {
  let model: SettingsModel
  var body: some View { Text("User: \(model.settings.userName)") }
}

struct SettingsPreview: View {
  let model: SettingsModel
  var body: some View { Text(model.settings.showsHelpBar ? "Help bar on" : "Help bar off") }
}
