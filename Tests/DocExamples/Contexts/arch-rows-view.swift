// The example is the body of the list's view (with arch-rows), which shows a view per row.
struct RowView: View {
  let store: StoreOf<RowFeature>
  var body: some View {
    Text(store.isOn ? "[x]" : "[ ]")
  }
}

struct ListView: View {
  let store: StoreOf<ListFeature>
  var body: some View {
    // example
  }
}
