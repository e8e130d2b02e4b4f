import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    [
      "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"]),
      "_ReducerAction": MacroSpec(type: ReducerActionMacro.self),
      "ReducerCaseIgnored": MacroSpec(type: ReducerCaseMarkerMacro.self),
      "ReducerCaseEphemeral": MacroSpec(type: ReducerCaseMarkerMacro.self),
    ],
    record: .missing
  )
)
struct ReducerMacroTests {
  @Test func aStructGetsTheConformanceAndCasePathableActions() {
    assertMacro {
      """
      @Reducer
      struct CounterFeature {
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case delegate(Delegate)
          case incrementButtonTapped
          enum Delegate {
            case goToCounter(Int)
          }
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
        }
      }
      """
    } expansion: {
      """
      struct CounterFeature {
        struct State: Equatable {
          var count = 0
        }
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {
          case delegate(Delegate)
          case incrementButtonTapped
          enum Delegate {
            case goToCounter(Int)
          }
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in .none }
        }
      }

      extension CounterFeature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func existingAttributesAndConformancesAreNotRepeated() {
    assertMacro {
      """
      @Reducer
      struct Feature: Reducer {
        @CasePathable
        enum Action {
          case tapped
        }
        func reduce(into state: inout Int, action: Action) -> Effect<Action> { .none }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        @CasePathable
        @ComposableArchitecture._ReducerAction
        enum Action {
          case tapped
        }
        func reduce(into state: inout Int, action: Action) -> Effect<Action> { .none }
      }
      """
    }
  }

  @Test func aBodyThatNamesItsBuilderKeepsItsOwn() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func anEnumStateOfAStructReducerIsCasePathable() {
    assertMacro {
      """
      @Reducer
      struct Session {
        enum State {
          case loggedIn(Int)
          case loggedOut
        }
        enum Action {
          case logOut
        }
      }
      """
    } expansion: {
      """
      struct Session {
        @CasePathable @dynamicMemberLookup
        enum State {
          case loggedIn(Int)
          case loggedOut
        }
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {
          case logOut
        }

        let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Session: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func anEnumOfReducersGeneratesStateActionBodyAndCaseScope() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case basics(BasicsFeature)
        case personalInfo(PersonalInfoFeature)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case basics(BasicsFeature)
        case personalInfo(PersonalInfoFeature)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case basics(BasicsFeature.State)
          case personalInfo(PersonalInfoFeature.State)
        }

        @CasePathable
        enum Action {
          case basics(BasicsFeature.Action)
          case personalInfo(PersonalInfoFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.basics, action: \Self.Action.Cases.basics) {
            BasicsFeature()
          }
          ComposableArchitecture.Scope(state: \Self.State.Cases.personalInfo, action: \Self.Action.Cases.personalInfo) {
            PersonalInfoFeature()
          }
        }

        enum CaseScope {
          case basics(ComposableArchitecture.StoreOf<BasicsFeature>)
          case personalInfo(ComposableArchitecture.StoreOf<PersonalInfoFeature>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .basics:
            return .basics(store.scope(state: \.basics, action: \.basics)!)
          case .personalInfo:
            return .personalInfo(store.scope(state: \.personalInfo, action: \.personalInfo)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func alertAndDialogCasesHaveStateAndActionButNoReducer() {
    assertMacro {
      """
      @Reducer
      public enum Destination {
        case edit(ItemFormFeature)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        public enum Alert {
          case confirmDeletion
        }
        public enum Dialog {
          case clearAll
        }
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case edit(ItemFormFeature)
        case alert(AlertState<Alert>)
        case dialog(ConfirmationDialogState<Dialog>)
        @CasePathable
        public enum Alert {
          case confirmDeletion
        }
        @CasePathable
        public enum Dialog {
          case clearAll
        }

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState {
          public typealias StateReducer = Destination
          case edit(ItemFormFeature.State)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
        }

        @CasePathable
        public enum Action {
          case edit(ItemFormFeature.Action)
          case alert(Alert)
          case dialog(Dialog)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
            ItemFormFeature()
          }
        }

        public enum CaseScope {
          case edit(ComposableArchitecture.StoreOf<ItemFormFeature>)
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
        }

        @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .alert(state):
            return .alert(state)
          case let .dialog(state):
            return .dialog(state)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func aClassIsRejected() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum
      class Feature {
      }
      """
    }
  }

  @Test func anEnumCaseWithNoValueIsIgnored() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case settings
        case counter(CounterFeature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case settings
        case counter(CounterFeature)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case settings
          case counter(CounterFeature.State)
        }

        @CasePathable
        enum Action {
          case settings(Swift.Never)
          case counter(CounterFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.counter, action: \Self.Action.Cases.counter) {
            CounterFeature()
          }
        }

        enum CaseScope {
          case settings
          case counter(ComposableArchitecture.StoreOf<CounterFeature>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .settings:
            return .settings
          case .counter:
            return .counter(store.scope(state: \.counter, action: \.counter)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func anIgnoredCaseKeepsItsValuesAndHasNoReducer() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case detail(SyncUpDetail)
        @ReducerCaseIgnored
        case meeting(Meeting, syncUp: SyncUp)
        @ReducerCaseIgnored
        case record(RecordMeeting)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(SyncUpDetail)
        case meeting(Meeting, syncUp: SyncUp)
        case record(RecordMeeting)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case detail(SyncUpDetail.State)
          case meeting(Meeting, syncUp: SyncUp)
          case record(RecordMeeting)
        }

        @CasePathable
        enum Action {
          case detail(SyncUpDetail.Action)
          case meeting(Swift.Never)
          case record(Swift.Never)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            SyncUpDetail()
          }
        }

        enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<SyncUpDetail>)
          case meeting(Meeting, syncUp: SyncUp)
          case record(RecordMeeting)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case let .meeting(v0, v1):
            return .meeting(v0, syncUp: v1)
          case let .record(v0):
            return .record(v0)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func aCaseHoldingAnUnnamedTypeIsIgnored() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case list([Item]), picked(Item?)
      }
      """
    } expansion: {
      """
      enum Destination {
        case list([Item]), picked(Item?)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case list([Item])
          case picked(Item?)
        }

        @CasePathable
        enum Action {
          case list(Swift.Never)
          case picked(Swift.Never)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
        }

        enum CaseScope {
          case list([Item])
          case picked(Item?)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .list(v0):
            return .list(v0)
          case let .picked(v0):
            return .picked(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aMarkedEphemeralCaseTakesItsTypesAction() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        @ReducerCaseEphemeral
        case toast(ToastState)
        @ReducerCaseEphemeral
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      """
      enum Destination {
        case toast(ToastState)
        case alert(AlertState<Alert>)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case toast(ToastState)
          case alert(AlertState<Alert>)
        }

        @CasePathable
        enum Action {
          case toast(ToastState.Action)
          case alert(Alert)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
        }

        enum CaseScope {
          case toast(ToastState)
          case alert(AlertState<Alert>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .toast(state):
            return .toast(state)
          case let .alert(state):
            return .alert(state)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aCaseWithADefaultReducerUsesIt() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case meeting(MeetingFeature = MeetingFeature(context: .sheet))
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case meeting(MeetingFeature = MeetingFeature(context: .sheet))

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case meeting(MeetingFeature.State)
        }

        @CasePathable
        enum Action {
          case meeting(MeetingFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.meeting, action: \Self.Action.Cases.meeting) {
            MeetingFeature(context: .sheet)
          }
        }

        enum CaseScope {
          case meeting(ComposableArchitecture.StoreOf<MeetingFeature>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .meeting:
            return .meeting(store.scope(state: \.meeting, action: \.meeting)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func aCaseMarkerOutsideAnEnumReducerIsRejected() {
    assertMacro {
      """
      struct Feature {
        @ReducerCaseIgnored
        var count = 0
      }
      """
    } diagnostics: {
      """
      struct Feature {
        @ReducerCaseIgnored
        ┬──────────────────
        ╰─ 🛑 '@ReducerCaseIgnored' marks a case of a '@Reducer' enum
        var count = 0
      }
      """
    }
  }

  @Test func conformancesAreAddedToTheGeneratedEnums() {
    assertMacro {
      """
      @Reducer(state: .equatable, .sendable, action: .equatable, .hashable)
      enum Destination {
        case detail(DetailFeature)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(DetailFeature)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, Equatable, Sendable {
          typealias StateReducer = Destination
          case detail(DetailFeature.State)
        }

        @CasePathable
        enum Action: Equatable, Hashable {
          case detail(DetailFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            DetailFeature()
          }
        }

        enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<DetailFeature>)
        }

        @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func actionConformancesAloneLeaveStateAlone() {
    assertMacro {
      """
      @Reducer(action: .sendable)
      public enum Destination {
        case detail(DetailFeature)
      }
      """
    } expansion: {
      #"""
      public enum Destination {
        case detail(DetailFeature)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState {
          public typealias StateReducer = Destination
          case detail(DetailFeature.State)
        }

        @CasePathable
        public enum Action: Sendable {
          case detail(DetailFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            DetailFeature()
          }
        }

        public enum CaseScope {
          case detail(ComposableArchitecture.StoreOf<DetailFeature>)
        }

        @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func whatAnEnumDeclaresIsNotGenerated() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case detail(DetailFeature)
        enum CaseScope {
          case detail(StoreOf<DetailFeature>)
        }
        @MainActor
        static func scope(_ store: Store<State, Action>) -> CaseScope {
          .detail(store.scope(state: \\.detail, action: \\.detail)!)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case detail(DetailFeature)
        @CasePathable
        enum CaseScope {
          case detail(StoreOf<DetailFeature>)
        }
        @MainActor
        static func scope(_ store: Store<State, Action>) -> CaseScope {
          .detail(store.scope(state: \.detail, action: \.detail)!)
        }

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case detail(DetailFeature.State)
        }

        @CasePathable
        enum Action {
          case detail(DetailFeature.Action)
        }

        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ComposableArchitecture.Reducer<Self.State, Self.Action> {
          ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
            DetailFeature()
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func conformanceArgumentsOnAStructAreRejected() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
        struct State: Equatable {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
               ┬────────────────
               ╰─ 🛑 '@Reducer' takes no arguments on a struct: 'state:' and 'action:' add conformances to the enums that '@Reducer' generates for an enum
                  ✏️ Remove the arguments
      struct Feature {
        struct State: Equatable {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State: Equatable {}
        enum Action {}
        var body: some ReducerOf<Self> { EmptyReducer() }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State: Equatable {}
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> { EmptyReducer() }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func anEmptyStructGetsStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      struct Placeholder {}
      """
    } expansion: {
      """
      struct Placeholder {

          @ObservableState
          struct State: Codable, Equatable, Hashable, Sendable {
            init() {
            }
          }

          enum Action: Equatable, Hashable, Sendable {
          }

          let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Placeholder: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aPublicEmptyStructGetsPublicMembers() {
    assertMacro {
      """
      @Reducer
      public struct Placeholder {
      }
      """
    } expansion: {
      """
      public struct Placeholder {

          @ObservableState
          public struct State: Codable, Equatable, Hashable, Sendable {
            public init() {
            }
          }

          public enum Action: Equatable, Hashable, Sendable {
          }

          public let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Placeholder: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aStructWithStateGetsOnlyActionAndBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }

        enum Action: Equatable, Hashable, Sendable {
        }

        let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aStructWithActionAndReduceGetsOnlyState() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }

        @ObservableState
        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aBodyOfItsOwnFeatureLeavesStateAndActionOpen() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @CasePathable @ComposableArchitecture._ReducerAction
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }

        @ObservableState
        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aBodyNamingOtherTypesGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func aLetBodyGetsNoStateOrAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        let body = EmptyReducer<Int, Never>()
      }
      """
    } expansion: {
      """
      struct Feature {
        let body = EmptyReducer<Int, Never>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func typeAliasesCountAsStateAndAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
        typealias Action = Bool
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int
        typealias Action = Bool

        let body = ComposableArchitecture.EmptyReducer<State, Action>()
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }
}
