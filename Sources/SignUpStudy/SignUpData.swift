import ComposableArchitecture

/// What the sign-up flow collects, shared by every step through one `@Shared` reference.
///
/// It holds the password, so it lives in memory only (never in a state file) and dumps the
/// password and its confirmation as `•••`: logs, `_printChanges` and test failures never
/// show them.
public struct SignUpData: Equatable, Sendable {
  public var email = ""
  public var password = ""
  public var passwordConfirmation = ""
  public var firstName = ""
  public var lastName = ""
  public var phone = ""
  public var topics: Set<Topic> = []

  /// An empty form.
  public init() {}

  /// The account to keep: everything but the password.
  public var account: Account {
    Account(
      email: email, firstName: firstName, lastName: lastName, phone: phone,
      topics: topics.sorted { $0.rawValue < $1.rawValue })
  }
}

extension SignUpData: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [
        "email": email,
        "password": password.isEmpty ? "" : "•••",
        "passwordConfirmation": passwordConfirmation.isEmpty ? "" : "•••",
        "firstName": firstName,
        "lastName": lastName,
        "phone": phone,
        "topics": topics.sorted { $0.rawValue < $1.rawValue },
      ],
      displayStyle: .struct)
  }
}

/// A topic of interest.
public enum Topic: String, CaseIterable, Codable, Equatable, Hashable, Sendable {
  case architecture, concurrency, terminals, testing, performance

  /// The topic as the form shows it.
  public var title: String {
    switch self {
    case .architecture: "Architecture"
    case .concurrency: "Concurrency"
    case .terminals: "Terminal apps"
    case .testing: "Testing"
    case .performance: "Performance"
    }
  }
}

/// A registered account, as the sign-up client keeps it: no password.
public struct Account: Codable, Equatable, Sendable {
  public var email: String
  public var firstName: String
  public var lastName: String
  public var phone: String
  public var topics: [Topic]
}

/// Whether `email` looks like an address: something, `@`, a domain with a dot and no spaces.
public func isValidEmail(_ email: String) -> Bool {
  // No address is longer (RFC 5321); a pasted megabyte is refused without being read.
  guard email.utf8.count <= 254 else { return false }
  let parts = email.split(separator: "@", omittingEmptySubsequences: false)
  guard parts.count == 2, !parts[0].isEmpty, !email.contains(" ") else { return false }
  let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
  return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
}
