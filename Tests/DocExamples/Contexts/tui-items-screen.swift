// A view over `@Bindable var model: ItemsModel` (context tui-items-model) whose body is the
// example.
struct ItemsScreen: View {
  @Bindable var model: ItemsModel
  var body: some View {
    // example
  }
}
