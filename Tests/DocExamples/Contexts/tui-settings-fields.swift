// A settings model (context tui-settings-model) and the `BindingParent` that binds the members
// of its settings through it (as in the example of `BindingParent`).
struct SettingsFields: BindingParent {
  let model: SettingsModel
  func binding<Member: Equatable & Sendable>(
    to member: WritableKeyPath<Settings, Member>
  ) -> Binding<Member> {
    let path = (\SettingsModel.settings).appending(path: member)
    return Binding(get: { model[keyPath: path] }, set: { model[keyPath: path] = $0 })
  }
}
let model = SettingsModel()
