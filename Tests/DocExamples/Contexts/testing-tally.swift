// The screen-testing article's tally: an `@Observable` count and a view with a button whose
// shortcut is `+`.
@MainActor @Observable
final class Tally {
  var count = 0
}

struct TallyView: View {
  let tally: Tally
  var body: some View {
    VStack {
      Text("Tally: \(tally.count)").bold()
      Button("Add one", shortcut: .character("+")) { tally.count += 1 }
    }
  }
}
