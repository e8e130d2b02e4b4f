// An `@Observable` sign-up form (name, email, password, shirt size, topics, notes) and a view
// over `@Bindable var model` whose body is the example.
enum ShirtSize: CaseIterable {
  case small, medium, large
  var title: String { "\(self)".capitalized }
}

enum Topic: CaseIterable {
  case swift, terminals, testing
  var title: String { "\(self)".capitalized }
}

@MainActor @Observable final class SignUpModel {
  var name = ""
  var email = ""
  var password = ""
  var size = ShirtSize.medium
  var topics: Set<Topic> = []
  var notes = ""
  var isValid: Bool { !email.isEmpty && password.count >= 8 }
  func save() {}
}

struct SignUpForm: View {
  @Bindable var model: SignUpModel
  var body: some View {
    // example
  }
}
