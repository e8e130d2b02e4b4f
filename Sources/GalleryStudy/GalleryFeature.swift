import ComposableArchitecture

/// Study 7: every widget of the terminal layer on one screen of tabs, bound to one state, with
/// keys and the mouse.
@Reducer
public struct GalleryFeature {
  /// The tabs of the gallery.
  public enum Tab: Hashable, Sendable {
    case controls, text, lists, scroll
  }

  /// A size a `Picker` chooses among.
  public enum Size: String, CaseIterable, Equatable, Sendable {
    case small, medium, large, extraLarge
    /// How the picker shows it.
    public var title: String {
      self == .extraLarge ? "Extra large" : rawValue.capitalized
    }
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var tab = Tab.controls
    public var name = ""
    public var subscribed = false
    public var size = Size.medium
    public var topics: Set<String> = []
    public var presses = 0
    public var notes = ""
    /// The selected row of the long list.
    public var row: Int? = 0
    /// The rows opened from the long list, latest last.
    public var opened: [Int] = []
    /// The answers of the scrolled form.
    public var answers = Array(repeating: false, count: 20)

    /// The gallery on its first tab, empty.
    public init() {}
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case pressTapped
    case rowOpened(Int)
    case answerToggled(Int)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .pressTapped:
        state.presses += 1
        return .none
      case .rowOpened(let row):
        state.opened.append(row)
        return .none
      case .answerToggled(let index):
        guard state.answers.indices.contains(index) else { return .none }
        state.answers[index].toggle()
        return .none
      }
    }
  }
}
