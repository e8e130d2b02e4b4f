// The screen-testing article's processes: an `@Observable` model whose `.task` loads the names
// it lists, through a closure a test chooses, and its view.
@MainActor @Observable
final class Processes {
  var names: [String] = []
  var selection: String?
  let load: @Sendable () async -> [String]
  init(load: @escaping @Sendable () async -> [String]) { self.load = load }
  func appear() async { names = await load() }
}

struct ProcessesView: View {
  @Bindable var model: Processes
  var body: some View {
    VStack {
      Text("\(model.names.count) processes")
      List(model.names, id: \.self, selection: $model.selection) { Text($0) }
    }
    .task { await model.appear() }
  }
}
