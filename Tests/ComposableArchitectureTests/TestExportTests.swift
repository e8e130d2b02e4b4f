import ComposableArchitecture
import Foundation
import Testing

/// What a recorded session exports as a test: the source is checked line by line here; the
/// sign-up session's export is compiled and run as `SignUpStudyTests.SignUpSessionTests`.
@Reducer
private struct Notes {
  @ObservableState
  struct State: Equatable {
    var title = ""
    var path = StackState<NotePage.State>()
    @Presents var editor: NoteEditor.State?
    @Shared var settings: NoteSettings
    var secret = ""
    var stamp: NoteStamp?

    init(settings: Shared<NoteSettings> = Shared(value: NoteSettings())) {
      _settings = settings
    }
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case editTapped
    case editor(PresentationAction<NoteEditor.Action>)
    case path(StackActionOf<NotePage>)
    case pushTapped(Int)
    case saveLaterTapped
    case saved
    case stampTapped
    case themeTapped(String)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding, .editor, .path, .saved:
        if case .saved = action { state.title += " (saved)" }
        return .none
      case .editTapped:
        state.editor = NoteEditor.State(text: state.title)
        return .none
      case .pushTapped(let number):
        state.path.append(NotePage.State(number: number, settings: state.$settings, visits: 1))
        return .none
      case .saveLaterTapped:
        return .run { send in
          try await clock.sleep(for: .milliseconds(250))
          await send(.saved)
        }
      case .stampTapped:
        state.stamp = NoteStamp(reference: NoteReference())
        return .none
      case .themeTapped(let theme):
        state.settings.theme = theme
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { NoteEditor() }
    .forEach(\.path, action: \.path) { NotePage() }
  }
}

extension Notes.State: SecureFields {
  fileprivate static var secureFields: [PartialKeyPath<Self>] { [\.secret] }
}

private struct NoteSettings: Equatable, Sendable {
  var theme = "dark"
}

/// A value no test can write: it holds a class instance.
private struct NoteStamp: Equatable, Sendable {
  let reference: NoteReference
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.reference === rhs.reference }
}

private final class NoteReference: Sendable {}

@Reducer
private struct NotePage {
  @ObservableState
  struct State: Equatable {
    var number: Int
    @Shared var settings: NoteSettings
    var visits = 0
  }
  enum Action: Equatable { case visited }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.visits += 1
      return .none
    }
  }
}

@Reducer
private struct NoteEditor {
  @ObservableState
  struct State: Equatable {
    var text: String
    var isBold = false
  }
  enum Action: Equatable { case boldTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isBold.toggle()
      return .none
    }
  }
}

@MainActor
@Suite struct TestExportTests {
  let clock = TestClock()

  private func makeStore() -> StoreOf<Notes> {
    Store.settling(initialState: Notes.State()) {
      Notes()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  private func lines(_ test: ExportedTest) -> [String] {
    test.source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func eachSentActionIsASendWithTheAssignmentsItCaused() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.binding(.set(\.title, "Milk")))
    store.send(.themeTapped("light"))
    let test = history.exportTest(TestExportOptions(suiteName: "NotesTests"))
    let lines = lines(test)
    #expect(test.sends == 2)
    #expect(test.receives == 0)
    #expect(test.omissions == [])
    #expect(lines.contains("let initialState = Notes.State()"))
    #expect(lines.contains("let settings = initialState.$settings"))
    #expect(lines.contains("let store = TestStore(initialState: initialState) {"))
    #expect(lines.contains("Notes()"))
    #expect(lines.contains("$0.continuousClock = clock"))
    #expect(lines.contains(#"await store.send(.binding(.set(\.title, "Milk"))) {"#))
    #expect(lines.contains(#"$0.title = "Milk""#))
    #expect(lines.contains(#"await store.send(.themeTapped("light")) {"#))
    #expect(lines.contains(#"$0.settings.theme = "light""#))
    #expect(lines.contains("struct NotesTests {"))
    #expect(lines.contains("@Test func session() async {"))
    #expect(lines.last == "}")
  }

  @Test func aPushIsAnAppendThroughTheInitializerAndAssignmentsForWhatItLeavesOut() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.pushTapped(7))
    store.send(.path(.element(id: 0, action: .visited)))
    store.send(.path(.popFrom(id: 0)))
    let lines = lines(history.exportTest())
    // NotePage has no initializer of its own: its memberwise one takes the fields, `visits` too
    // since it is not the default.
    #expect(
      lines.contains("$0.path.append(NotePage.State(number: 7, settings: settings, visits: 1))"))
    #expect(lines.contains("await store.send(.path(.element(id: 0, action: .visited))) {"))
    #expect(lines.contains("$0.path[id: 0]?.visits = 2"))
    #expect(lines.contains("await store.send(.path(.popFrom(id: 0))) {"))
    #expect(lines.contains("$0.path.pop(from: 0)"))
  }

  @Test func aPresentedChildIsAssignedByItsCase() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.binding(.set(\.title, "Eggs")))
    store.send(.editTapped)
    store.send(.editor(.presented(.boldTapped)))
    store.send(.editor(.dismiss))
    let lines = lines(history.exportTest())
    #expect(lines.contains(#"$0.editor = NoteEditor.State(text: "Eggs")"#))
    #expect(lines.contains("await store.send(.editor(.presented(.boldTapped))) {"))
    #expect(lines.contains("$0.editor?.isBold = true"))
    #expect(lines.contains("$0.editor = nil"))
  }

  @Test func anEffectsActionIsAReceiveAfterTheClockAdvances() async throws {
    let store = makeStore()
    let start = clock.now
    let recorded = store.recordHistory(elapsed: { [clock] in start.duration(to: clock.now) })
    let history = try #require(recorded)
    store.send(.saveLaterTapped)
    await store.settle()
    await clock.advance(by: .milliseconds(250), settling: store)
    let lines = lines(history.exportTest())
    #expect(lines.contains("await store.send(.saveLaterTapped)"))
    #expect(lines.contains("await clock.advance(by: .milliseconds(250))"))
    #expect(lines.contains("await store.receive(.saved) {"))
    #expect(lines.contains(#"$0.title = " (saved)""#))
    #expect(lines.contains("await store.skipInFlightEffects(strict: false)"))
  }

  @Test func secretsAreWrittenAsBullets() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.binding(.set(\.secret, "hunter2")))
    let test = history.exportTest()
    #expect(!test.source.contains("hunter2"))
    #expect(lines(test).contains(#"$0.secret = "•••••••""#))
    #expect(test.source.contains(#".binding(.set(\.secret, "•••••••"))"#))
  }

  @Test func aValueWithoutALiteralIsListedAndItsStepNotAsserted() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.stampTapped)
    store.send(.binding(.set(\.title, "After")))
    let test = history.exportTest()
    let lines = lines(test)
    #expect(test.omissions == ["entry 1 changed what the test cannot write: $0.stamp"])
    #expect(lines.contains("// - entry 1 changed what the test cannot write: $0.stamp"))
    let send = try #require(lines.firstIndex(of: "await store.send(.stampTapped)"))
    #expect(lines[send - 1] == "store.exhaustivity = .off(showSkippedAssertions: false)")
    #expect(lines[send + 1] == "store.exhaustivity = .on")
    #expect(lines.contains(#"$0.title = "After""#))
  }

  @Test func keyPathsAreNamedThroughComputedFields() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    // `\.settings.theme` crosses `settings`, a computed property (the @Shared wrapper).
    store.send(.binding(.set(\.settings.theme, "sepia")))
    let lines = lines(history.exportTest())
    #expect(lines.contains(#"await store.send(.binding(.set(\.settings.theme, "sepia"))) {"#))
    #expect(lines.contains(#"$0.settings.theme = "sepia""#))
  }

  @Test func aFocusNarrowsTheTestToAChildFeature() throws {
    let store = makeStore()
    let history = try #require(store.recordHistory())
    store.send(.pushTapped(3))
    store.send(.path(.element(id: 0, action: .visited)))
    store.send(.binding(.set(\.title, "Elsewhere")))
    store.send(.path(.element(id: 0, action: .visited)))
    let test = history.exportTest(
      TestExportOptions(reducer: "NotePage()"),
      state: { $0.path.first },
      action: { action in
        guard case .path(.element(_, let action)) = action else { return nil }
        return action
      })
    let lines = lines(test)
    #expect(test.sends == 2)
    #expect(
      lines.contains(
        #"let initialState = NotePage.State(number: 3, settings: Shared(value: NoteSettings(theme: "dark")), visits: 1)"#
      ))
    #expect(lines.contains("let settings = initialState.$settings"))
    #expect(lines.contains("NotePage()"))
    #expect(lines.filter { $0 == "await store.send(.visited) {" }.count == 2)
    #expect(lines.contains("$0.visits = 3"))
  }
}
