import ComposableArchitecture
import ComposableTerminalUI

/// Study 7: every widget of the terminal layer on one screen of tabs, bound to one state, with
/// keys and the mouse.
@Reducer
public struct GalleryFeature {
  /// The tabs of the gallery.
  public enum Tab: Hashable, Sendable {
    case controls, text, lists, scroll, table, themes
  }

  /// A row of the gallery's table.
  /// The columns of the planets' table, which its sort names.
  public enum PlanetColumn: Hashable, Sendable {
    case name, moons, distance
  }

  public struct Planet: Equatable, Identifiable, Sendable {
    public var id: String { name }
    public var name: String
    public var moons: Int
    /// Mean distance from the Sun, in millions of kilometres.
    public var distance: Double
  }

  /// The planets of the table, in the Sun's order.
  public static let planets = [
    Planet(name: "Mercury", moons: 0, distance: 57.9),
    Planet(name: "Venus", moons: 0, distance: 108.2),
    Planet(name: "Earth", moons: 1, distance: 149.6),
    Planet(name: "Mars", moons: 2, distance: 227.9),
    Planet(name: "Jupiter", moons: 95, distance: 778.5),
    Planet(name: "Saturn", moons: 146, distance: 1_432),
    Planet(name: "Uranus", moons: 28, distance: 2_867),
    Planet(name: "Neptune", moons: 16, distance: 4_515),
  ]

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
    /// The selected planet of the table.
    public var planet: String? = "Earth"
    /// The table's order.
    public var tableSort: ColumnSort<PlanetColumn>?
    /// The theme the themes tab previews, by name.
    public var previewTheme = "dark"
    /// The colour depth the themes tab previews.
    public var previewDepth = ColorDepth.trueColor

    /// The planets in the table's order.
    public var sortedPlanets: [Planet] {
      guard let tableSort else { return GalleryFeature.planets }
      let ordered = GalleryFeature.planets.sorted {
        switch tableSort.column {
        case .name: $0.name < $1.name
        case .moons: $0.moons < $1.moons
        case .distance: $0.distance < $1.distance
        }
      }
      return tableSort.ascending ? ordered : ordered.reversed()
    }

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
