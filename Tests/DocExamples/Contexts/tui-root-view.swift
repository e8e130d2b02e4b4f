// An app's root view, for the runner examples.
struct RootView: View {
  var body: some View { Text("Hello") }
}
