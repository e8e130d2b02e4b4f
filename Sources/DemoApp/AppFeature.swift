import ComposableArchitecture
import DemoSupport

/// The demo's root: a menu of case studies on a navigation stack.
///
/// For example, `--open shared-state` starts with that study pushed:
///
/// ```swift
/// let state = try AppFeature.State(open: Study.named("shared-state"))
/// ```
@Reducer
public struct AppFeature {
  @ObservableState
  public struct State: Equatable {
    /// The studies pushed over the menu.
    public var path = StackState<AnyStudy.State>()
    /// The highlighted row of the menu.
    public var selection: Study? = Study.allCases.first

    /// The menu alone.
    public init() {}

    /// The menu with `study` already open, deep-linked by `deepLink` when the study takes one.
    public init(open study: Study, deepLink: String? = nil) throws(DemoError) {
      selection = study
      path.append(try study.screen(deepLink: deepLink))
    }
  }

  public enum Action {
    /// The menu's highlighted row moved.
    case selectionChanged(Study?)
    /// A study was chosen in the menu.
    case studyTapped(Study)
    case path(StackActionOf<AnyStudy>)
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
        state.path.append(AnyStudy.State(study.type))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      AnyStudy()
    }
  }
}
