import ComposableArchitectureMacros
import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing

@Suite(
  .macros(
    [
      "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"]),
      "_ReducerAction": MacroSpec(type: ReducerActionMacro.self),
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

  @Test func anEnumCaseWithNoReducerTypeIsRejected() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case settings
        case counter(CounterFeature)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case settings
             ┬───────
             ╰─ 🛑 '@Reducer' enum case 'settings' must hold one reducer type, as in 'case settings(SettingsFeature)'
        case counter(CounterFeature)
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
