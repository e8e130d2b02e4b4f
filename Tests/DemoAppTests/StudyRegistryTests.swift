import ComposableArchitecture
import CounterStackStudy
import DemoApp
import DemoSupport
import SettingsStudy
import SharedStateStudy
import TerminalUI
import TerminalUITesting
import Testing

/// A study written the way a new one is: a feature and its `CaseStudy` conformance, nothing
/// else. It is not in `Study.allCases`, which shows that the root feature, its screens and
/// its checks need nothing more from a study.
@Reducer
struct EchoStudy {
  @ObservableState
  struct State: Equatable {
    var heard: [String] = []
  }

  enum Action: Equatable, Sendable {
    case said(String)
    case echoed(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .said(let word):
        state.heard.append(word)
        return .send(.echoed(word.uppercased()))
      case .echoed(let word):
        state.heard.append(word)
        return .none
      }
    }
  }
}

extension EchoStudy: CaseStudy {
  static let name = "echo"
  static let title = "Echo"
  static let summary = "says everything twice"
  static func makeState() -> State { State() }
  static func view(_ store: StoreOf<Self>) -> Group {
    Group {
      VStack {
        Text("Heard: \(store.heard.joined(separator: ", "))")
        Button("Say hi") { store.send(.said("hi")) }
      }
      .navigationTitle("Echo")
    }
  }
}

@MainActor
struct StudyRegistryTests {
  @Test func everyRegisteredStudyHasItsOwnNameAndOpensByIt() throws {
    let names = Study.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
    for study in Study.allCases {
      let state = try withDependencies {
        $0.settingsClient = .inMemory()
      } operation: {
        try AppFeature.State(open: Study.named(study.rawValue))
      }
      #expect(state.path.count == 1)
      #expect(state.path.first?.study == study.type)
    }
  }

  @Test func aStudyRunsOnTheRootStackThroughItsConformanceAlone() async {
    let echo = Study(EchoStudy.self)
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(.studyTapped(echo)) {
      $0.selection = echo
      $0.path.append(AnyStudy.State(EchoStudy.self))
    }
    await store.send(.path(.element(id: 0, action: AnyStudy.Action(EchoStudy.self, .said("hi"))))) {
      $0.path[id: 0] = AnyStudy.State(EchoStudy.self, EchoStudy.State(heard: ["hi"]))
    }
    await store.receive(\.path[id: 0]) {
      $0.path[id: 0] = AnyStudy.State(EchoStudy.self, EchoStudy.State(heard: ["hi", "HI"]))
    }
  }

  @Test func aStudysScreenIsDrawnAndDrivenOnTheRootStack() throws {
    let state = try AppFeature.State(open: Study(EchoStudy.self))
    let store = Store(initialState: state) { AppFeature() }
    let backend = HeadlessBackend(width: 40, height: 6)
    let app = Application(backend: backend) { AppView(store: store) }
    app.renderIfNeeded()
    app.handle([.enter])
    #expect(store.path.first?[EchoStudy.self]?.heard == ["hi", "HI"])
    #expect(backend.buffer.lines.contains { $0.contains("Heard: hi, HI") })
    #expect(backend.buffer.lines.first?.contains("Echo") == true)
  }

  @Test func anActionOfAnotherStudyIsReportedAndChangesNothing() {
    var state = AnyStudy.State(EchoStudy.self)
    withKnownIssue {
      _ = AnyStudy().reduce(
        into: &state, action: AnyStudy.Action(CounterStackStudy.self, .deepLinkButtonTapped))
    } matching: { issue in
      issue.description.contains(
        "An action of the \"counter-stack\" study was sent to the \"echo\" study")
    }
    #expect(state == AnyStudy.State(EchoStudy.self))
  }

  @Test func statesOfTwoStudiesAreNeverEqual() {
    #expect(AnyStudy.State(EchoStudy.self) != AnyStudy.State(SharedStateStudy.self))
    #expect(AnyStudy.State(EchoStudy.self) == AnyStudy.State(EchoStudy.self))
    #expect(
      AnyStudy.State(EchoStudy.self)
        != AnyStudy.State(EchoStudy.self, EchoStudy.State(heard: ["hi"])))
  }

  @Test func aDeepLinkForAStudyThatTakesNoneNamesIt() {
    #expect(throws: DemoError("the echo study takes no deep link (got \"x\")")) {
      try Study(EchoStudy.self).screen(deepLink: "x")
    }
  }

  @Test func aStudysStateDumpsAsItself() {
    var dump = ""
    customDump(AnyStudy.State(EchoStudy.self, EchoStudy.State(heard: ["hi"])), to: &dump)
    #expect(
      dump == """
        EchoStudy.State(
          heard: [
            [0]: "hi"
          ]
        )
        """)
  }
}
