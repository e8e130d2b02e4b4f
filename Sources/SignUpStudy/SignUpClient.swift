import ComposableArchitecture
import DemoSupport
import Foundation

/// Registers accounts: checks that an email is free and signs up.
///
/// The live client keeps accounts (never passwords) in `accounts.json` in the state folder,
/// answers after a short delay on the clock, and refuses an email already registered.
public struct SignUpClient: Sendable {
  /// Whether no account uses `email` yet.
  public var isEmailAvailable: @Sendable (_ email: String) async throws -> Bool
  /// Registers the account of `data`; throws ``SignUpError`` when it cannot.
  public var signUp: @Sendable (_ data: SignUpData) async throws -> Void

  /// A client from its operations.
  public init(
    isEmailAvailable: @escaping @Sendable (String) async throws -> Bool,
    signUp: @escaping @Sendable (SignUpData) async throws -> Void
  ) {
    self.isEmailAvailable = isEmailAvailable
    self.signUp = signUp
  }
}

/// Why a sign-up failed, worded for the user.
public struct SignUpError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension SignUpClient: DependencyKey {
  public static var liveValue: SignUpClient {
    SignUpClient(
      isEmailAvailable: { email in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .milliseconds(200))
        let accounts = Shared(wrappedValue: [Account](), .stateFile("accounts.json"))
        return !accounts.wrappedValue.contains { $0.email.lowercased() == email.lowercased() }
      },
      signUp: { data in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .milliseconds(500))
        let accounts = Shared(wrappedValue: [Account](), .stateFile("accounts.json"))
        try accounts.withLock { accounts in
          guard !accounts.contains(where: { $0.email.lowercased() == data.email.lowercased() })
          else { throw SignUpError("\(data.email) is already registered.") }
          accounts.append(data.account)
        }
      })
  }

  public static var testValue: SignUpClient {
    SignUpClient(
      isEmailAvailable: { _ in
        reportIssue("SignUpClient.isEmailAvailable is unimplemented in this test")
        return true
      },
      signUp: { _ in reportIssue("SignUpClient.signUp is unimplemented in this test") })
  }
}

extension DependencyValues {
  /// The sign-up client.
  public var signUpClient: SignUpClient {
    get { self[SignUpClient.self] }
    set { self[SignUpClient.self] = newValue }
  }
}
