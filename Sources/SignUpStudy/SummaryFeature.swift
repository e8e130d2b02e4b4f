import ComposableArchitecture
import ComposableTerminalUI

/// The last step: everything entered (the password as dots), a sheet to edit each section of
/// the shared data live, and Submit, which registers the account with a spinner and ends on a
/// welcome, or on an alert offering to retry.
@Reducer
public struct SummaryFeature {
  /// What the summary presents: a step's form in a sheet, or the failure alert.
  @Reducer
  public enum Destination {
    case basics(BasicsFeature)
    case personalInfo(PersonalInfoFeature)
    case topics(TopicsFeature)
    case alert(AlertState<Alert>)

    public enum Alert: Equatable, Sendable {
      case retryTapped
    }
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    @Shared public var signUpData: SignUpData
    @Presents public var destination: Destination.State?
    public var isSubmitting = false
    public var isSubmitted = false
    public var spinnerFrame = 0

    /// The summary of `signUpData`.
    public init(signUpData: Shared<SignUpData>) {
      _signUpData = signUpData
    }
  }

  public enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case doneEditingTapped
    case editBasicsTapped
    case editPersonalInfoTapped
    case editTopicsTapped
    case signUpFailed(String)
    case signUpSucceeded
    case spinnerTicked
    case submitButtonTapped
  }

  enum CancelID { case spinner }

  @Dependency(\.signUpClient) var signUpClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .destination(.presented(.alert(.retryTapped))):
        return submit(&state)
      case .destination(.presented(.basics(.nextButtonTapped))),
        .destination(.presented(.personalInfo(.nextButtonTapped))),
        .destination(.presented(.topics(.nextButtonTapped))),
        .doneEditingTapped:
        state.destination = nil
        return .none
      case .destination:
        return .none
      case .editBasicsTapped:
        state.destination = .basics(BasicsFeature.State(signUpData: state.$signUpData))
        return .none
      case .editPersonalInfoTapped:
        state.destination = .personalInfo(PersonalInfoFeature.State(signUpData: state.$signUpData))
        return .none
      case .editTopicsTapped:
        state.destination = .topics(TopicsFeature.State(signUpData: state.$signUpData))
        return .none
      case let .signUpFailed(reason):
        state.isSubmitting = false
        state.destination = .alert(
          AlertState {
            TextState("Sign-up failed")
          } actions: {
            ButtonState(action: .retryTapped) { TextState("Retry") }
            ButtonState(role: .cancel) { TextState("Cancel") }
          } message: {
            TextState(reason)
          })
        return .cancel(id: CancelID.spinner)
      case .signUpSucceeded:
        state.isSubmitting = false
        state.isSubmitted = true
        return .cancel(id: CancelID.spinner)
      case .spinnerTicked:
        state.spinnerFrame += 1
        return .none
      case .submitButtonTapped:
        return submit(&state)
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }

  private func submit(_ state: inout State) -> Effect<Action> {
    guard !state.isSubmitting, !state.isSubmitted else { return .none }
    state.isSubmitting = true
    let data = state.signUpData
    return .merge(
      .run { [signUpClient] send in
        do {
          try await signUpClient.signUp(data)
          await send(.signUpSucceeded)
        } catch {
          await send(.signUpFailed("\(error)"))
        }
      },
      .spinnerTicks(every: .milliseconds(100), .spinnerTicked)
        .cancellable(id: CancelID.spinner, cancelInFlight: true)
    )
  }
}

extension SummaryFeature.Destination.State: Equatable, Sendable {}
extension SummaryFeature.Destination.Action: Equatable, Sendable {}

/// The sign-up flow: a welcome screen, then the steps on a navigation stack, all editing one
/// shared ``SignUpData``.
@Reducer
public struct SignUpFeature {
  /// The steps of the flow.
  @Reducer
  public enum Path {
    case basics(BasicsFeature)
    case personalInfo(PersonalInfoFeature)
    case topics(TopicsFeature)
    case summary(SummaryFeature)
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var path = StackState<Path.State>()
    @Shared public var signUpData: SignUpData

    /// The welcome screen, with an empty form held in memory only.
    public init(signUpData: Shared<SignUpData> = Shared(value: SignUpData())) {
      _signUpData = signUpData
    }
  }

  public enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case signUpButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(id, .basics(.nextButtonTapped))):
        guard state.path[id: id, case: \.basics]?.isNextButtonDisabled == false else {
          return .none
        }
        state.path.append(.personalInfo(PersonalInfoFeature.State(signUpData: state.$signUpData)))
        return .none
      case let .path(.element(id, .personalInfo(.nextButtonTapped))):
        guard state.path[id: id, case: \.personalInfo]?.isNextButtonDisabled == false else {
          return .none
        }
        state.path.append(.topics(TopicsFeature.State(signUpData: state.$signUpData)))
        return .none
      case let .path(.element(id, .topics(.nextButtonTapped))):
        guard state.path[id: id, case: \.topics]?.isNextButtonDisabled == false else {
          return .none
        }
        state.path.append(.summary(SummaryFeature.State(signUpData: state.$signUpData)))
        return .none
      case .path:
        return .none
      case .signUpButtonTapped:
        state.path.append(.basics(BasicsFeature.State(signUpData: state.$signUpData)))
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension SignUpFeature.Path.State: Equatable, Sendable {}
extension SignUpFeature.Path.Action: Equatable, Sendable {}
