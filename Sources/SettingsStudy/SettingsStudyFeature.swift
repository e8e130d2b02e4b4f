import ComposableArchitecture

/// Study 6: display settings owned by a dependency. This screen only reads them: it shows what
/// it last observed and keeps observing while the settings sheet, which writes them, is over
/// it (the observation lives as long as the screen is on screen, through its `.task`).
@Reducer
public struct SettingsStudy {
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The settings as this screen last heard of them.
    public var settings: DisplaySettings
    /// How many changes this screen has heard of since it started observing.
    public var changesObserved = 0
    @Presents public var settingsSheet: SettingsFeature.State?

    /// The screen, showing `settings` until its observation starts.
    public init(settings: DisplaySettings = DisplaySettings()) {
      self.settings = settings
    }
  }

  public enum Action: Equatable, Sendable {
    case openSettingsButtonTapped
    case settingsChanged(DisplaySettings)
    case settingsSheet(PresentationAction<SettingsFeature.Action>)
    /// The screen appeared: observe the settings until it goes away.
    case task
  }

  @Dependency(\.settingsClient) var settingsClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .openSettingsButtonTapped:
        state.settingsSheet = SettingsFeature.State(settings: settingsClient.get())
        return .none
      case .settingsChanged(let settings):
        guard settings != state.settings else { return .none }
        state.settings = settings
        state.changesObserved += 1
        return .none
      case .settingsSheet:
        return .none
      case .task:
        return .run { [settingsClient] send in
          for await settings in settingsClient.observe() {
            await send(.settingsChanged(settings))
          }
        }
      }
    }
    .ifLet(\.$settingsSheet, action: \.settingsSheet) { SettingsFeature() }
  }
}
