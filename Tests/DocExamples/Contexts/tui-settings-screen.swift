// A view over `@Bindable var model: SettingsModel` (context tui-settings-model) whose body is
// the example.
struct SettingsScreen: View {
  @Bindable var model: SettingsModel
  var body: some View {
    // example
  }
}
