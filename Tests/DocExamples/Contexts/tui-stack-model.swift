// An `@Observable` model with the paths of navigation stacks (colour names, page numbers) and
// a view over `@Bindable var model` whose body is the example.
@MainActor @Observable final class StackModel {
  var path: [String] = []
  var pages: [Int] = []
}

struct StackScreen: View {
  @Bindable var model: StackModel
  var body: some View {
    // example
  }
}
