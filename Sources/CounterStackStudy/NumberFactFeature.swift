import ComposableArchitecture
import ComposableTerminalUI

/// A screen about one number: `f` fetches a fact from the ``FactClient`` (with a spinner) and
/// shows it in an alert; a failure shows an alert offering to retry.
@Reducer
public struct NumberFact {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var number: Int
    @Presents public var alert: AlertState<Action.Alert>?
    public var isLoading = false
    public var spinnerFrame = 0

    /// The screen for `number`.
    public init(number: Int) {
      self.number = number
    }
  }

  public enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case factButtonTapped
    case factFailed(String)
    case factLoaded(String)
    case spinnerTicked

    public enum Alert: Equatable, Sendable {
      case retryTapped
    }
  }

  enum CancelID { case fetch, spinner }

  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.retryTapped)), .factButtonTapped:
        guard !state.isLoading else { return .none }
        state.isLoading = true
        return .merge(
          .run { [number = state.number, factClient] send in
            do {
              await send(.factLoaded(try await factClient.fetch(number)))
            } catch let failure as FactClient.Failure {
              await send(.factFailed(failure.message))
            } catch is CancellationError {
              return
            } catch {
              await send(.factFailed("\(error)"))
            }
          }
          .cancellable(id: CancelID.fetch),
          .spinnerTicks(every: .milliseconds(300), .spinnerTicked)
            .cancellable(id: CancelID.spinner)
        )
      case .alert:
        return .none
      case .factFailed(let message):
        state.isLoading = false
        state.alert = .factFailed(number: state.number, message: message)
        return .cancel(id: CancelID.spinner)
      case .factLoaded(let fact):
        state.isLoading = false
        state.alert = .fact(number: state.number, fact)
        return .cancel(id: CancelID.spinner)
      case .spinnerTicked:
        state.spinnerFrame += 1
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == NumberFact.Action.Alert {
  /// The fact, with a button to close it.
  public static func fact(number: Int, _ fact: String) -> Self {
    AlertState {
      TextState("A fact about \(number)")
    } actions: {
      ButtonState(role: .cancel) { TextState("OK") }
    } message: {
      TextState(fact)
    }
  }

  /// Why there is no fact, offering to try again.
  public static func factFailed(number: Int, message: String) -> Self {
    AlertState {
      TextState("No fact about \(number)")
    } actions: {
      ButtonState(action: .retryTapped) { TextState("Retry") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState(message)
    }
  }
}
