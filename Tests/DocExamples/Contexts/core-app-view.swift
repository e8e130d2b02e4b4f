// The view of the app of `core-app`, whose `body` is the example.
struct AppView: View {
  let store: StoreOf<AppFeature>
  var body: some View {
    // example
  }
}
