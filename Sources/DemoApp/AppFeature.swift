import ComposableArchitecture
import CounterStackStudy
import FavoritePrimesStudy
import InventoryStudy
import SettingsStudy
import SharedStateStudy
import SignUpStudy

/// The demo's root: a menu of case studies on a navigation stack.
///
/// For example, `--open shared-state` starts with that study pushed:
///
/// ```swift
/// let state = try AppFeature.State(open: .sharedState)
/// ```
@Reducer
public struct AppFeature {
  /// The screens the root stack can show: one per study.
  @Reducer
  public enum Path {
    case sharedState(SharedStateStudy)
    case signUp(SignUpFeature)
    case favoritePrimes(FavoritePrimesStudy)
    case counterStack(CounterStackStudy)
    case inventory(InventoryFeature)
    case settings(SettingsStudy)
  }

  @ObservableState
  public struct State: Equatable {
    /// The studies pushed over the menu.
    public var path = StackState<Path.State>()
    /// The highlighted row of the menu.
    public var selection: Study? = Study.allCases.first

    /// The menu alone.
    public init() {}

    /// The menu with `study` already open, deep-linked by `deepLink` when the study takes one.
    public init(open study: Study, deepLink: String? = nil) throws(DemoError) {
      selection = study
      path.append(try Self.screen(for: study, deepLink: deepLink))
    }

    static func screen(for study: Study, deepLink: String?) throws(DemoError) -> Path.State {
      if let deepLink, !study.takesDeepLinks {
        throw DemoError("the \(study.rawValue) study takes no deep link (got \"\(deepLink)\")")
      }
      switch study {
      case .sharedState: return .sharedState(SharedStateStudy.State())
      case .signUp: return .signUp(SignUpFeature.State())
      case .favoritePrimes: return .favoritePrimes(FavoritePrimesStudy.State())
      case .counterStack:
        guard let deepLink else { return .counterStack(CounterStackStudy.State()) }
        do {
          return .counterStack(try CounterStackStudy.State(deepLink: deepLink))
        } catch {
          throw DemoError(error.description)
        }
      case .settings:
        @Dependency(\.settingsClient) var settingsClient
        return .settings(SettingsStudy.State(settings: settingsClient.get()))
      case .inventory:
        guard let deepLink else { return .inventory(InventoryFeature.State()) }
        do {
          return .inventory(try InventoryFeature.State(deepLink: deepLink))
        } catch {
          throw DemoError(error.description)
        }
      }
    }
  }

  public enum Action {
    /// The menu's highlighted row moved.
    case selectionChanged(Study?)
    /// A study was chosen in the menu.
    case studyTapped(Study)
    case path(StackActionOf<Path>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .selectionChanged(let study):
        state.selection = study
        return .none
      case .studyTapped(let study):
        state.selection = study
        guard let screen = try? State.screen(for: study, deepLink: nil) else { return .none }
        state.path.append(screen)
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension Study {
  /// Whether `--deep-link` means something for this study.
  public var takesDeepLinks: Bool { self == .counterStack || self == .inventory }
}

extension AppFeature.Path.State: Equatable {}
