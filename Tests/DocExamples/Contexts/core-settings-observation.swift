// The effect of the settings study's `.task`, which the example runs.
extension SettingsStudy {
  func observeSettings() -> Effect<Action> {
    .run { [settingsClient] send in
      // example
    }
  }
}
