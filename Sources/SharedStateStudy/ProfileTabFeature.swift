import ComposableArchitecture

/// The profile tab: shows the shared stats and resets them after a confirmation.
///
/// <!-- context: core-shared-state-study-body -->
/// ```swift
/// Scope(state: \.profile, action: \.profile) { ProfileTab() }
/// ```
///
/// The stats are reset only when "Reset" is chosen in the dialog; cancelling leaves them alone.
@Reducer
public struct ProfileTab {
  @ObservableState
  public struct State: Equatable {
    /// The stats the counter tab changes.
    @Shared public var stats: Stats
    /// The reset confirmation, when asked for.
    @Presents public var alert: AlertState<Action.Alert>?

    /// A profile of the given stats.
    public init(stats: Shared<Stats>) {
      self._stats = stats
    }
  }

  /// What the profile tab and its dialog send.
  public enum Action: Equatable, Sendable {
    /// The confirmation's buttons or its dismissal (cancel).
    case alert(PresentationAction<Alert>)
    /// Asks whether to reset the stats (`r`).
    case resetStatsButtonTapped

    /// The confirmation's buttons.
    public enum Alert: Equatable, Sendable {
      /// Resets the stats.
      case confirmReset
    }
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmReset)):
        state.$stats.withLock { $0.reset() }
        return .none
      case .alert:
        return .none
      case .resetStatsButtonTapped:
        state.alert = .confirmReset
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == ProfileTab.Action.Alert {
  /// Asks before the stats are reset.
  public static var confirmReset: Self {
    AlertState {
      TextState("Reset the stats?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("The count, its maximum and minimum, and the number of counts go back to 0.")
    }
  }
}
