import ComposableArchitecture
import Foundation
import TerminalUI
import Testing
import XCTest

// What TCA users write with the macros: features that leave out what they do not need, enum
// reducers with plain-data cases (`@ReducerCaseIgnored`) and with conformances asked of the macro
// or declared in extensions, and views that send view actions (`@ViewAction`).

// MARK: - Features that leave things out

/// A placeholder screen: `@Reducer` writes its empty `State`, `Action` and `body`.
@Reducer
private struct PlaceholderScreen {}

/// A banner with state and nothing to do: `@Reducer` writes `Action` and `body`.
@Reducer
private struct WelcomeBanner {
  @ObservableState
  struct State: Equatable {
    var text = "Welcome"
  }
}

/// A home screen that embeds the banner.
@Reducer
private struct HomeScreen {
  @ObservableState
  struct State: Equatable {
    var banner = WelcomeBanner.State()
    var visits = 0
  }
  enum Action {
    case banner(WelcomeBanner.Action)
    case visited
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.banner, action: \.banner) {
      WelcomeBanner()
    }
    Reduce { state, action in
      switch action {
      case .visited:
        state.visits += 1
        return .none
      }
    }
  }
}

/// A feature with actions and a `reduce` method but no state: `@Reducer` writes `State`.
@Reducer
private struct HeartbeatFeature {
  enum Action: Equatable {
    case beat
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

// MARK: - An enum reducer with plain-data cases

private struct SyncUpInfo: Codable, Equatable, Hashable, Sendable {
  var title: String
}

private struct MeetingRecord: Codable, Equatable, Hashable, Sendable {
  var id: Int
  var transcript: String
}

@Reducer
private struct SyncUpDetailFeature {
  @ObservableState
  struct State: Equatable {
    var syncUp: SyncUpInfo
  }
  enum Action: Equatable {
    case meetingTapped(MeetingRecord)
    case titleChanged(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .meetingTapped:
        return .none
      case let .titleChanged(title):
        state.syncUp.title = title
        return .none
      }
    }
  }
}

@Reducer
private struct SyncUpsAppFeature {
  @Reducer
  enum Path {
    case detail(SyncUpDetailFeature)
    @ReducerCaseIgnored
    case meeting(MeetingRecord, syncUp: SyncUpInfo)
    case settings
  }

  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action {
    case path(StackActionOf<Path>)
    case settingsButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(id: id, action: .detail(.meetingTapped(meeting)))):
        guard let detail = state.path[id: id, case: \.detail] else { return .none }
        state.path.append(.meeting(meeting, syncUp: detail.syncUp))
        return .none
      case .path:
        return .none
      case .settingsButtonTapped:
        state.path.append(.settings)
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension SyncUpsAppFeature.Path.State: Equatable {}
extension SyncUpsAppFeature.Path.State: Sendable {}
extension SyncUpsAppFeature.Path.Action: Equatable {}

/// Ignored cases have `Never` actions, so a switch over path actions leaves them out.
private func pathActionName(_ action: SyncUpsAppFeature.Path.Action) -> String {
  switch action {
  case .detail(.meetingTapped): "meetingTapped"
  case .detail(.titleChanged): "titleChanged"
  }
}

/// Routes with no features at all, with conformances asked of the macro.
@Reducer(state: .codable, .equatable, .hashable, action: .equatable)
private enum ArticleRoute {
  @ReducerCaseIgnored
  case article(id: Int)
  case home
}

// MARK: - Destinations and their conformances

@Reducer
private struct NoteEditor {
  @ObservableState
  struct State: Equatable, Sendable {
    var text = ""
  }
  enum Action: Equatable, Sendable {
    case saveButtonTapped
    case textChanged(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .saveButtonTapped:
        return .none
      case let .textChanged(text):
        state.text = text
        return .none
      }
    }
  }
}

/// Conformances of the destination asked of the macro.
@Reducer
private struct NotesList {
  @Reducer(state: .equatable, .sendable, action: .equatable, .sendable)
  enum Destination {
    case editor(NoteEditor)
    case alert(AlertState<Alert>)
    enum Alert: Equatable, Sendable {
      case confirmDeletion
    }
  }

  @ObservableState
  struct State: Equatable {
    var notes: [String] = []
    @Presents var destination: Destination.State?
  }
  enum Action {
    case addButtonTapped
    case deleteAllButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .editor(NoteEditor.State())
        return .none
      case .deleteAllButtonTapped:
        state.destination = .alert(.deleteAll)
        return .none
      case .destination(.presented(.editor(.saveButtonTapped))):
        guard case let .editor(editor) = state.destination else { return .none }
        state.notes.append(editor.text)
        state.destination = nil
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.notes.removeAll()
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension AlertState where Action == NotesList.Destination.Alert {
  fileprivate static var deleteAll: Self {
    Self {
      TextState("Delete all notes?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }
}

/// Conformances of the destination declared in extensions.
@Reducer
private struct ContactsList {
  @Reducer
  enum Destination {
    case addContact(NoteEditor)
    case dialog(ConfirmationDialogState<Dialog>)
    enum Dialog: Equatable {
      case clearAll
    }
  }

  @ObservableState
  struct State: Equatable {
    var contacts: [String] = []
    @Presents var destination: Destination.State?
  }
  enum Action {
    case addButtonTapped
    case clearButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .addContact(NoteEditor.State())
        return .none
      case .clearButtonTapped:
        state.destination = .dialog(
          ConfirmationDialogState {
            TextState("Clear contacts?")
          } actions: {
            ButtonState(role: .destructive, action: .clearAll) { TextState("Clear") }
          })
        return .none
      case .destination(.presented(.addContact(.saveButtonTapped))):
        guard case let .addContact(editor) = state.destination else { return .none }
        state.contacts.append(editor.text)
        state.destination = nil
        return .none
      case .destination(.presented(.dialog(.clearAll))):
        state.contacts.removeAll()
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension ContactsList.Destination.State: Equatable {}
extension ContactsList.Destination.Action: Equatable {}

// MARK: - View actions

@Reducer
private struct FactCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action: ViewAction {
    case factResponse(String)
    case view(View)
    enum View {
      case decrementButtonTapped
      case factButtonTapped
      case incrementButtonTapped
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .factResponse(fact):
        state.fact = fact
        return .none
      case .view(.decrementButtonTapped):
        state.count -= 1
        return .none
      case .view(.factButtonTapped):
        let count = state.count
        return .run { send in
          await send(.factResponse("\(count) is a good number."))
        }
      case .view(.incrementButtonTapped):
        state.count += 1
        return .none
      }
    }
  }
}

@ViewAction(for: FactCounter.self)
private struct FactCounterView: View {
  let store: StoreOf<FactCounter>
  var body: some View {
    VStack {
      Text("Count: \(store.count)")
      Text(store.fact ?? "")
      HStack {
        Button("-", shortcut: .character("-")) { send(.decrementButtonTapped) }
        Button("+", shortcut: .character("+")) { send(.incrementButtonTapped) }
        Button("Fact", shortcut: .ctrl("f")) { send(.factButtonTapped, animation: .default) }
      }
    }
  }
}

/// A view class holding a `@Bindable` store.
@MainActor
@ViewAction(for: FactCounter.self)
private final class FactCounterController {
  @Bindable var store: StoreOf<FactCounter>
  init(store: StoreOf<FactCounter>) {
    self.store = store
  }
  func stepperTapped(up: Bool) {
    send(up ? .incrementButtonTapped : .decrementButtonTapped, animation: .spring())
  }
}

/// Any view of a feature with view actions can be driven generically.
@MainActor
private func tap<V: ViewActionSending>(
  _ view: V, _ action: V.StoreAction.ViewAction, times: Int
) {
  for _ in 0..<times { view.send(action) }
}

// MARK: - XCTest, on the main actor

@MainActor
final class MacroUsageTests: XCTestCase {
  func testAnEmptyReducerHasAnEmptyStateThatRoundTrips() async throws {
    let store = TestStore(initialState: PlaceholderScreen.State()) {
      PlaceholderScreen()
    }
    XCTAssertEqual(store.state, PlaceholderScreen.State())
    let data = try JSONEncoder().encode(store.state)
    XCTAssertEqual(try JSONDecoder().decode(PlaceholderScreen.State.self, from: data), store.state)
    XCTAssertEqual(Set([PlaceholderScreen.State(), PlaceholderScreen.State()]).count, 1)
  }

  func testAnIgnoredCaseIsPushedWithItsValues() async {
    let syncUp = SyncUpInfo(title: "Morning")
    let meeting = MeetingRecord(id: 1, transcript: "Hello")
    let store = TestStore(
      initialState: SyncUpsAppFeature.State(
        path: StackState([.detail(SyncUpDetailFeature.State(syncUp: syncUp))]))
    ) {
      SyncUpsAppFeature()
    }
    await store.send(\.path[id: 0].detail.titleChanged, "Standup") {
      $0.path[id: 0] = .detail(SyncUpDetailFeature.State(syncUp: SyncUpInfo(title: "Standup")))
    }
    await store.send(.path(.element(id: 0, action: .detail(.meetingTapped(meeting))))) {
      $0.path.append(.meeting(meeting, syncUp: SyncUpInfo(title: "Standup")))
    }
    await store.send(.settingsButtonTapped) {
      $0.path.append(.settings)
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.removeLast(2)
    }
  }

  func testDestinationConformancesAskedOfTheMacro() async {
    let store = TestStore(initialState: NotesList.State()) {
      NotesList()
    }
    await store.send(.addButtonTapped) {
      $0.destination = .editor(NoteEditor.State())
    }
    await store.send(.destination(.presented(.editor(.textChanged("Buy milk"))))) {
      $0.destination = .editor(NoteEditor.State(text: "Buy milk"))
    }
    await store.send(\.destination.presented.editor.saveButtonTapped) {
      $0.notes = ["Buy milk"]
      $0.destination = nil
    }
    let destination: NotesList.Destination.State = .editor(NoteEditor.State())
    XCTAssertNotEqual(destination, .alert(.deleteAll))
  }

  func testDestinationConformancesDeclaredInExtensions() async {
    let store = TestStore(initialState: ContactsList.State(contacts: ["Blob"])) {
      ContactsList()
    }
    await store.send(.addButtonTapped) {
      $0.destination = .addContact(NoteEditor.State())
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.send(.clearButtonTapped) {
      $0.destination = .dialog(
        ConfirmationDialogState {
          TextState("Clear contacts?")
        } actions: {
          ButtonState(role: .destructive, action: .clearAll) { TextState("Clear") }
        })
    }
    await store.send(.destination(.presented(.dialog(.clearAll)))) {
      $0.contacts = []
      $0.destination = nil
    }
  }

  func testViewActionsThroughATestStore() async {
    let store = TestStore(initialState: FactCounter.State()) {
      FactCounter()
    }
    await store.send(.view(.incrementButtonTapped)) {
      $0.count = 1
    }
    await store.send(.view(.factButtonTapped))
    await store.receive(\.factResponse) {
      $0.fact = "1 is a good number."
    }
  }

  func testAViewClassWithABindableStore() async {
    let store = Store(initialState: FactCounter.State()) {
      FactCounter()
    }
    let controller = FactCounterController(store: store)
    controller.stepperTapped(up: true)
    controller.stepperTapped(up: true)
    controller.stepperTapped(up: false)
    XCTAssertEqual(store.count, 1)
    tap(controller, .incrementButtonTapped, times: 3)
    XCTAssertEqual(controller.store.count, 4)
  }
}

// MARK: - XCTest, off the main actor

final class MacroUsageOffMainActorTests: XCTestCase {
  func testAFeatureWithoutStateGetsOne() async {
    let store = await TestStore(initialState: HeartbeatFeature.State()) {
      HeartbeatFeature()
    }
    await store.send(.beat)
    await store.finish()
  }

  func testViewActionsOffTheMainActor() async {
    let store = await TestStore(initialState: FactCounter.State(count: 41)) {
      FactCounter()
    }
    await store.send(.view(.incrementButtonTapped)) {
      $0.count = 42
    }
    await store.send(.view(.factButtonTapped))
    await store.receive(\.factResponse, "42 is a good number.") {
      $0.fact = "42 is a good number."
    }
  }
}

// MARK: - Swift Testing, on the main actor

@MainActor
@Suite struct MacroUsageMainActorSuite {
  @Test func storeCaseGivesTheValuesOfAnIgnoredCase() {
    let meeting = MeetingRecord(id: 7, transcript: "Retro")
    let store = Store(
      initialState: SyncUpsAppFeature.Path.State.meeting(meeting, syncUp: SyncUpInfo(title: "Team"))
    ) {
      SyncUpsAppFeature.Path.body
    }
    switch store.case {
    case let .meeting(value, syncUp: syncUp):
      #expect(value == meeting)
      #expect(syncUp.title == "Team")
    case .detail, .settings:
      Issue.record("Expected the meeting case")
    }
  }

  @Test func storeCaseGivesAChildStoreForAFeatureCase() {
    let store = Store(
      initialState: SyncUpsAppFeature.Path.State.detail(
        SyncUpDetailFeature.State(syncUp: SyncUpInfo(title: "A")))
    ) {
      SyncUpsAppFeature.Path.body
    }
    guard case let .detail(detailStore) = store.case else {
      Issue.record("Expected the detail case")
      return
    }
    detailStore.send(.titleChanged("B"))
    #expect(store.state == .detail(SyncUpDetailFeature.State(syncUp: SyncUpInfo(title: "B"))))
  }

  @Test func aStateOnlyFeatureComposesIntoAParent() async {
    let store = TestStore(initialState: HomeScreen.State()) {
      HomeScreen()
    }
    await store.send(.visited) {
      $0.visits = 1
    }
    #expect(store.state.banner.text == "Welcome")
  }

  @Test func aViewSendsViewActions() async {
    let store = Store(initialState: FactCounter.State()) {
      FactCounter()
    }
    let view = FactCounterView(store: store)
    view.send(.incrementButtonTapped)
    view.send(.incrementButtonTapped, animation: .easeInOut(duration: 0.3))
    #expect(store.count == 2)
    await view.send(.factButtonTapped).finish()
    #expect(store.fact == "2 is a good number.")
  }

  @Test func keysPressedInTheTerminalSendViewActions() async {
    let store = Store(initialState: FactCounter.State()) {
      FactCounter()
    }
    let backend = HeadlessBackend(width: 24, height: 3)
    let app = Application(backend: backend) { FactCounterView(store: store) }
    app.renderIfNeeded()
    app.handle([.character("+"), .character("+"), .character("+"), .character("-")])
    app.renderIfNeeded()
    #expect(store.count == 2)
    #expect(backend.buffer.lines[0].hasPrefix("Count: 2"))
    app.handle([.ctrl("f")])
    #expect(await eventuallyTrue { store.fact == "2 is a good number." })
  }
}

// MARK: - Swift Testing, off the main actor

@Suite struct MacroUsageSuite {
  @Test func alertDestinationOffTheMainActor() async {
    let store = await TestStore(initialState: NotesList.State(notes: ["Milk", "Eggs"])) {
      NotesList()
    }
    await store.send(.deleteAllButtonTapped) {
      $0.destination = .alert(.deleteAll)
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion)))) {
      $0.notes = []
      $0.destination = nil
    }
  }

  @Test func ignoredCasesNeedNoActionHandling() {
    #expect(pathActionName(.detail(.titleChanged("x"))) == "titleChanged")
    #expect(
      pathActionName(.detail(.meetingTapped(MeetingRecord(id: 0, transcript: ""))))
        == "meetingTapped")
  }

  @Test func conformancesAskedOfTheMacroOnAnEnumOfRoutes() throws {
    let routes: [ArticleRoute.State] = [.home, .article(id: 42)]
    let data = try JSONEncoder().encode(routes)
    #expect(try JSONDecoder().decode([ArticleRoute.State].self, from: data) == routes)
    #expect(Set(routes + routes).count == 2)
    #expect(routes[1].article == 42)
  }

  @Test func aPlaceholderFeatureOffTheMainActor() async {
    let store = await TestStore(initialState: PlaceholderScreen.State()) {
      PlaceholderScreen()
    }
    await #expect(store.state == PlaceholderScreen.State())
    await store.finish()
  }
}

/// Waits up to a second, on the main actor, for a live store's effect to land.
@MainActor
private func eventuallyTrue(_ condition: @MainActor () -> Bool) async -> Bool {
  for _ in 0..<1000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return condition()
}
