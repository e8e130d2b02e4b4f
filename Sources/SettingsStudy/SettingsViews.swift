import ComposableArchitecture
import ComposableTerminalUI

/// The settings study: a preview of the display settings it observes, and `s` for the sheet
/// that changes them.
public struct SettingsStudyView: View {
  @Bindable var store: StoreOf<SettingsStudy>

  /// Creates the study's view.
  public init(store: StoreOf<SettingsStudy>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text(store.settings.summary).bold()
      Text("▌Accent: the \(store.settings.theme.title.lowercased()) theme's colour")
        .style(.accent).foregroundColor(store.settings.theme.accent ?? .default)
      Text("Changes seen by this screen: \(store.changesObserved)").dim()
      Button("Open settings", shortcut: .character("s")) {
        store.send(.openSettingsButtonTapped)
      }
      Text("")
      // The explanation comes last: on a small terminal it is what gets cut, not the button.
      Text(
        "The display settings belong to a SettingsClient dependency, saved on disk. The sheet "
          + "writes each change through it; this screen only reads them and keeps observing "
          + "while the sheet is over it.")
      Spacer()
    }
    .navigationTitle("Settings")
    .task { await store.send(.task).finish() }
    .sheet(item: $store.scope(state: \.settingsSheet, action: \.settingsSheet)) {
      SettingsView(store: $0)
    }
  }
}

/// The settings sheet: a theme list and two toggles, saved as they change.
public struct SettingsView: View {
  @Bindable var store: StoreOf<SettingsFeature>

  /// Creates the sheet's view.
  public init(store: StoreOf<SettingsFeature>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      Text("Theme (↑/↓)").bold()
      List(
        AccentTheme.allCases, id: \.self,
        selection: Binding(
          get: { store.settings.theme },
          set: { theme in
            guard let theme else { return }
            store.send(.binding(.set(\.settings.theme, theme)))
          })
      ) { theme in
        Text(theme.title).style(.accent).foregroundColor(theme.accent ?? .default)
      }
      Toggle("Colour", isOn: $store.settings.colorEnabled)
      Toggle("Help bar", isOn: $store.settings.showsHelpBar)
      if let error = store.saveError {
        Text("⚠ " + error).style(.danger)
      }
      Button("Done", shortcut: .ctrl("d")) { store.send(.doneButtonTapped) }
    }
    .navigationTitle("Display settings")
  }
}
