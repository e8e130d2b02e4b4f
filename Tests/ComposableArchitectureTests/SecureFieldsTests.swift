import ComposableArchitecture
import CustomDump
import Testing

private struct Credentials: Equatable, SecureFields {
  var user = ""
  var password = ""
  static var secureFields: [PartialKeyPath<Self>] { [\.password] }
}

struct SecureFieldsTests {
  @Test func aBindingActionToASecureFieldNeverDumpsTheSecret() {
    let action = BindingAction<Credentials>.set(\.password, "hunter22")
    let dump = String(customDumping: action)
    #expect(!dump.contains("hunter22"))
    #expect(dump.contains("•••"))
  }

  @Test func otherFieldsDumpTheirValue() {
    let action = BindingAction<Credentials>.set(\.user, "blob")
    #expect(String(customDumping: action).contains("\"blob\""))
  }
}
