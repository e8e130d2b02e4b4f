// A tally kept in an @Observable model, with the actions its keys send, and its view.
@MainActor @Observable
final class Tally {
  enum Action { case increment, reset }
  var count = 0
  func apply(_ action: Action) {
    switch action {
    case .increment: count += 1
    case .reset: count = 0
    }
  }
}
