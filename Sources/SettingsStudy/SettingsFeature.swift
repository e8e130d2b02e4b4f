import ComposableArchitecture

/// The settings sheet: theme, colour and help bar, each change written through the
/// ``SettingsClient`` as it happens (`onChange`); a failed save shows under the form.
@Reducer
public struct SettingsFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var settings: DisplaySettings
    /// Why the last change could not be saved, if it could not.
    public var saveError: String?

    /// The form showing `settings` (read from the client by whoever presents it).
    public init(settings: DisplaySettings) {
      self.settings = settings
    }
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case doneButtonTapped
    case saveFailed(String)
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.settingsClient) var settingsClient

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.settings) { old, settings in
        Reduce { state, _ in
          state.saveError = nil
          return .run { [settingsClient] send in
            do {
              // The changed fields only: another instance may have changed the others.
              try await settingsClient.change(old, settings)
            } catch let error as SettingsClient.SaveError {
              await send(.saveFailed(error.message))
            }
          }
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .doneButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .saveFailed(let message):
        state.saveError = "Not saved: \(message)"
        return .none
      }
    }
  }
}
