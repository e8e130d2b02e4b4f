// The tally's view (the terminal article's `TallyView`), for the examples that run it.
struct TallyView: View {
  let model: Tally
  var body: some View { Text("Tally: \(model.count)") }
}
