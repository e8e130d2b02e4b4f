import ComposableArchitecture
import ComposableTerminalUI
import Foundation

/// The gallery: six tabs (←/→, 1–6, or a click on a title), each with a few widgets.
public struct GalleryView: View {
  @Bindable var store: StoreOf<GalleryFeature>

  /// Creates the gallery's view.
  public init(store: StoreOf<GalleryFeature>) {
    self.store = store
  }

  public var body: some View {
    TabView(selection: $store.tab) {
      Tab("Controls", value: GalleryFeature.Tab.controls) { controls }
      Tab("Text", value: GalleryFeature.Tab.text) { text }
      Tab("Lists", value: GalleryFeature.Tab.lists) { lists }
      Tab("Scroll", value: GalleryFeature.Tab.scroll) { scroll }
      Tab("Table", value: GalleryFeature.Tab.table) { table }
      Tab("Themes", value: GalleryFeature.Tab.themes) { themes }
    }
    .navigationTitle("Gallery")
  }

  private var controls: some View {
    VStack {
      TextField("Your name", text: $store.name, maxLength: 40)
      Toggle("Subscribe", isOn: $store.subscribed)
      Picker("Size", selection: $store.size, options: GalleryFeature.Size.allCases) { $0.title }
      CheckboxList(["swift", "tca", "tui"], id: \.self, selection: $store.topics) { $0 }
      HStack {
        Button("Press", shortcut: .character("p")) { store.send(.pressTapped) }
        Spinner(frame: store.presses, label: "pressed \(store.presses)")
      }
      ProgressView("Presses to 10", value: Double(min(store.presses, 10)) / 10)
    }
  }

  private var text: some View {
    VStack {
      Text("Notes (Enter for a new line, Tab to leave):").dim()
      TextEditor("Write something", text: $store.notes, lineLimit: 20, minHeight: 4)
      Text("\(store.notes.count) characters").dim()
    }
  }

  private var lists: some View {
    VStack {
      Text(
        store.opened.last.map { "Opened row \($0 + 1)" } ?? "1,000 rows: ↑/↓, enter or a click"
      ).dim()
      List(
        0..<1_000, id: \.self, selection: $store.row,
        onActivate: { store.send(.rowOpened($0)) }
      ) { row in
        Text("Row \(row + 1)")
      }
    }
  }

  private var table: some View {
    Table(
      store.sortedPlanets, id: \.name, selection: $store.planet, sort: $store.tableSort
    ) {
      TableColumn("Planet", id: GalleryFeature.PlanetColumn.name, width: .flexible(minimum: 8)) {
        $0.name
      }
      TableColumn(
        "Moons", id: GalleryFeature.PlanetColumn.moons, width: .fixed(6), alignment: .trailing
      ) {
        "\($0.moons)"
      }
      TableColumn(
        "Distance (Gm)", id: GalleryFeature.PlanetColumn.distance, width: .fit,
        alignment: .trailing
      ) {
        String(format: "%.1f", $0.distance)
      }
    }
  }

  /// Every named style of a theme, drawn at a colour depth: a preview in its own theme, inside
  /// the app's.
  private var themes: some View {
    VStack {
      Picker("Theme", selection: $store.previewTheme, options: Theme.all.map(\.name)) {
        $0.capitalized
      }
      Picker(
        "Colours", selection: $store.previewDepth, options: ColorDepth.allCases.reversed()
      ) { $0 == .monochrome ? "none (as NO_COLOR)" : $0.name }
      Box(title: "Preview") {
        HStack {
          Text("accent").style(.accent)
          Text("muted").style(.muted)
          Text("danger").style(.danger)
          Text("success").style(.success)
          Text("warning").style(.warning)
        }
        HStack {
          Text(" focus ").style(.focus)
          Text(" selection ").style(.selection)
          Text("inactive").style(.inactiveSelection)
          Text("input").style(.input)
        }
        HStack {
          Text("header").style(.header)
          Text("title").style(.title)
          Text("border").style(.border)
          Text(" bar ").style(.bar)
        }
      }
      .theme(Theme.named(store.previewTheme) ?? .dark)
      .colorDepth(store.previewDepth)
    }
  }

  private var scroll: some View {
    ScrollView {
      ForEach(Array(store.answers.indices)) { index in
        Toggle(
          "Question \(index + 1)",
          isOn: Binding(
            get: { store.answers[index] }, set: { _ in store.send(.answerToggled(index)) }))
      }
    }
  }
}
