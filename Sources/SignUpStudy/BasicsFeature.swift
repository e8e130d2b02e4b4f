import ComposableArchitecture
import ComposableTerminalUI
import Foundation

/// The first step: email, password and its confirmation, checked as they are typed; the email's
/// availability is asked of the ``SignUpClient`` 300 ms after the last edit, with a spinner.
@Reducer
public struct BasicsFeature {
  /// What the availability check found.
  public enum Availability: Equatable, Sendable {
    case available
    case taken
    case failed(String)
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var signUpData: SignUpData
    public var isCheckingEmail = false
    public var availability: Availability?
    public var spinnerFrame = 0

    /// The step over `signUpData`.
    public init(signUpData: Shared<SignUpData>) {
      _signUpData = signUpData
    }

    /// What is wrong with the email, once something is typed.
    public var emailError: String? {
      let email = signUpData.email
      if email.isEmpty { return nil }
      if !isValidEmail(email) { return "Enter an address like name@example.com" }
      switch availability {
      case .taken: return "\(email) is already registered"
      case .failed(let reason): return "Could not check the address: \(reason)"
      case .available, nil: return nil
      }
    }

    /// What is wrong with the password, once something is typed.
    public var passwordError: String? {
      let count = signUpData.password.count
      return count > 0 && count < 8 ? "At least 8 characters (\(count) so far)" : nil
    }

    /// What is wrong with the confirmation, once something is typed.
    public var passwordConfirmationError: String? {
      let data = signUpData
      return !data.passwordConfirmation.isEmpty && data.passwordConfirmation != data.password
        ? "Does not match the password" : nil
    }

    /// Whether Next is disabled: a field is invalid, or the email is not known to be free.
    public var isNextButtonDisabled: Bool {
      let data = signUpData
      return !isValidEmail(data.email) || data.password.count < 8
        || data.password != data.passwordConfirmation || isCheckingEmail
        || availability != .available
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case emailChecked(email: String, Availability)
    case nextButtonTapped
    case spinnerTicked
  }

  enum CancelID { case emailCheck, spinner }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.signUpClient) var signUpClient

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.signUpData.email):
        state.availability = nil
        let email = state.signUpData.email
        guard isValidEmail(email) else {
          state.isCheckingEmail = false
          return .merge(.cancel(id: CancelID.emailCheck), .cancel(id: CancelID.spinner))
        }
        state.isCheckingEmail = true
        return .merge(
          .run { [clock, signUpClient] send in
            try await clock.sleep(for: .milliseconds(300))
            do {
              let isAvailable = try await signUpClient.isEmailAvailable(email)
              await send(.emailChecked(email: email, isAvailable ? .available : .taken))
            } catch is CancellationError {
            } catch {
              await send(.emailChecked(email: email, .failed("\(error)")))
            }
          }
          .cancellable(id: CancelID.emailCheck, cancelInFlight: true),
          .spinnerTicks(every: .milliseconds(100), .spinnerTicked)
            .cancellable(id: CancelID.spinner, cancelInFlight: true)
        )
      case .binding:
        return .none
      case let .emailChecked(email, availability):
        guard email == state.signUpData.email else { return .none }
        state.isCheckingEmail = false
        state.availability = availability
        return .cancel(id: CancelID.spinner)
      case .nextButtonTapped:
        return .none
      case .spinnerTicked:
        state.spinnerFrame += 1
        return .none
      }
    }
  }
}

extension BasicsFeature.State: SecureFields {
  public static var secureFields: [PartialKeyPath<Self>] {
    [\.signUpData.password, \.signUpData.passwordConfirmation]
  }
}

/// The second step: first name, last name and phone.
///
/// Names are required; the phone is optional and, when given, holds 7 to 15 digits with
/// optional spaces, dashes, parentheses and a leading `+`.
@Reducer
public struct PersonalInfoFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var signUpData: SignUpData

    /// The step over `signUpData`.
    public init(signUpData: Shared<SignUpData>) {
      _signUpData = signUpData
    }

    /// What is wrong with the phone number, if anything.
    public var phoneError: String? {
      let phone = signUpData.phone
      guard !phone.isEmpty else { return nil }
      let allowed = phone.enumerated().allSatisfy { offset, character in
        character.isNumber || " -()".contains(character) || (character == "+" && offset == 0)
      }
      let digits = phone.filter(\.isNumber).count
      return allowed && (7...15).contains(digits)
        ? nil : "Digits, spaces and dashes, 7 to 15 digits"
    }

    /// Whether Next is disabled: a name is missing or the phone is invalid.
    public var isNextButtonDisabled: Bool {
      signUpData.firstName.trimmingCharacters(in: .whitespaces).isEmpty
        || signUpData.lastName.trimmingCharacters(in: .whitespaces).isEmpty || phoneError != nil
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case nextButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// The third step: topics of interest, at least one.
@Reducer
public struct TopicsFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var signUpData: SignUpData

    /// The step over `signUpData`.
    public init(signUpData: Shared<SignUpData>) {
      _signUpData = signUpData
    }

    /// The message shown while no topic is chosen.
    public var topicsError: String? {
      signUpData.topics.isEmpty ? "Choose at least one topic" : nil
    }

    /// Whether Next is disabled: no topic chosen.
    public var isNextButtonDisabled: Bool { signUpData.topics.isEmpty }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case nextButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
  }
}
