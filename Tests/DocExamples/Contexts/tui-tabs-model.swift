// An `@Observable` model of an app in tabs (the selected tab, a model per tab), the tabs'
// views, and a view over `@Bindable var model` whose body is the example.
enum AppTab: Hashable { case counter, profile }

@MainActor @Observable final class ProfileModel {
  var name = "Blob"
}

@MainActor @Observable final class AppModel {
  var tab = AppTab.counter
  var counter = CounterModel()
  var profile = ProfileModel()
}

struct CounterTabView: View {
  let model: CounterModel
  var body: some View { Text("Count: \(model.count)") }
}

struct ProfileTabView: View {
  let model: ProfileModel
  var body: some View { Text("Name: \(model.name)") }
}

struct AppScreen: View {
  @Bindable var model: AppModel
  var body: some View {
    // example
  }
}
