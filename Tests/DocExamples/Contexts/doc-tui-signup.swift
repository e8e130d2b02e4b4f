// A sign-up form's model, for views bound to an @Observable model.
@MainActor @Observable
final class SignUpModel {
  var email = ""
  var password = ""
  var wantsNews = false
  var problem: String? { email.contains("@") ? nil : "Enter an email address." }
  func next() {}
}
