import ComposableArchitecture
import TerminalUI

/// A case study of the demo: a feature with the name `--open` takes, the title and summary the
/// menu shows, its first state and its screen.
///
/// A study is written in a module of its own and conforms its root feature here; the demo
/// registers it with one line in `Study.allCases` (DemoApp's `Studies.swift`). For example:
///
/// <!-- context: core-timer-study -->
/// ```swift
/// extension TimerStudy: CaseStudy {
///   public static let name = "timer"
///   public static let title = "Timer"
///   public static let summary = "an effect that ticks until it is cancelled"
///   public static func makeState() -> State { State() }
///   public static func view(_ store: StoreOf<Self>) -> Group {
///     Group { TimerStudyView(store: store) }
///   }
/// }
/// ```
public protocol CaseStudy: Reducer, SendableMetatype
where State: ObservableState & Equatable, Action: Sendable {
  /// The name `--open` takes, like `shared-state`.
  static var name: String { get }
  /// The title in the menu and the breadcrumb.
  static var title: String { get }
  /// What the study shows, in one line.
  static var summary: String { get }
  /// The study as the menu opens it.
  static func makeState() -> State
  /// The study opened by `--deep-link`; by default a study takes no deep link and throws.
  static func makeState(deepLink: String) throws -> State
  /// The study's screen.
  @MainActor static func view(_ store: StoreOf<Self>) -> Group
  /// What is wrong with a state of the study that must never happen (the fuzzer checks it
  /// after every step); nothing by default.
  static func problems(in state: State) -> [String]
  /// The feature.
  init()
}

extension CaseStudy {
  public static func makeState(deepLink: String) throws -> State {
    throw NoDeepLinkError(study: name, deepLink: deepLink)
  }

  public static func problems(in state: State) -> [String] { [] }
}

/// The error of a deep link given to a study that takes none.
public struct NoDeepLinkError: Error, Equatable, CustomStringConvertible {
  /// The study's name.
  public var study: String
  /// The deep link it was given.
  public var deepLink: String
  public var description: String { "the \(study) study takes no deep link (got \"\(deepLink)\")" }
}

extension StackState {
  /// A problem when ids repeat in the stack (it never should): what `CaseStudy.problems(in:)`
  /// reports for a study with a stack named `name`.
  public func repeatedIDProblems(name: String) -> [String] {
    Set(ids).count == ids.count ? [] : ["\(name) repeats ids: \(Array(ids))"]
  }
}

/// Any case study, as one screen of the demo's stack: a reducer that runs the study its state
/// holds.
///
/// <!-- context: core-import-shared-state-study -->
/// ```swift
/// var path = StackState<AnyStudy.State>()
/// path.append(AnyStudy.State(SharedStateStudy.self))
/// ```
public struct AnyStudy: Reducer {
  /// The state of one study, and which study it is.
  public struct State: Equatable, ObservableState {
    // ObservableState is CustomDumpReflectable: a study's state dumps as itself.
    /// The study.
    public let study: any CaseStudy.Type
    /// Its state (a `study.State`).
    var base: Any

    /// `study`'s state as the menu opens it.
    public init<S: CaseStudy>(_ study: S.Type) {
      self.init(study, study.makeState())
    }

    /// `study` in `state`.
    public init<S: CaseStudy>(_ study: S.Type, _ state: S.State) {
      self.study = study
      self.base = state
    }

    /// The study's state, as a value of `study.State`.
    public var value: Any { base }

    /// The state of `study`, or `nil` when this is another study.
    public subscript<S: CaseStudy>(_ study: S.Type) -> S.State? {
      base as? S.State
    }

    /// The same, as a key path a store can scope with.
    subscript<S: CaseStudy>(key _: StudyKey<S>) -> S.State? {
      base as? S.State
    }

    public var _$id: ObservableStateID {
      (base as? any ObservableState)?._$id ?? ObservableStateID()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      func equal<S: CaseStudy>(_: S.Type) -> Bool {
        guard let left = lhs.base as? S.State, let right = rhs.base as? S.State else {
          return false
        }
        return left == right
      }
      return ObjectIdentifier(lhs.study) == ObjectIdentifier(rhs.study) && equal(lhs.study)
    }

    public var customDumpMirror: Mirror {
      (base as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: base)
    }
  }

  /// An action of one study.
  public struct Action: Sendable, CustomDumpReflectable {
    /// The study.
    public let study: any CaseStudy.Type
    /// The action (a `study.Action`).
    let base: any Sendable

    /// `action` of `study`.
    public init<S: CaseStudy>(_ study: S.Type, _ action: S.Action) {
      self.study = study
      self.base = action
    }

    /// The action, as a value of `study.Action`.
    public var value: Any { base }

    /// The action of `study`, or `nil` when it is another study's.
    public subscript<S: CaseStudy>(_ study: S.Type) -> S.Action? {
      base as? S.Action
    }

    public var customDumpMirror: Mirror {
      (base as? any CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: base)
    }
  }

  public init() {}

  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      func run<S: CaseStudy>(_ study: S.Type) -> Effect<Action> {
        guard var studyState = state.base as? S.State else { return .none }
        guard let studyAction = action.base as? S.Action else {
          reportIssue(
            """
            An action of the "\(action.study.name)" study was sent to the "\(S.name)" study \
            (\(action.base)).
            """)
          return .none
        }
        // Let go of the state held in the existential, so that the study mutates a unique copy.
        state.base = ()
        defer { state.base = studyState }
        return S().reduce(into: &studyState, action: studyAction).map { Action(S.self, $0) }
      }
      return run(state.study)
    }
  }

  /// The screen of the study in `store`.
  @MainActor
  public static func view(_ store: StoreOf<Self>) -> Group {
    func screen<S: CaseStudy>(_ study: S.Type) -> Group {
      let key = StudyKey<S>()
      guard let store = store.scope(state: \.[key: key], action: \.[key: key]) else {
        return Group {}
      }
      return S.view(store)
    }
    let study = store.withState(\.study)
    return screen(study)
  }
}

/// Names a study in a key path: a metatype cannot be a key path's subscript argument.
struct StudyKey<S: CaseStudy>: Hashable, Sendable {}

extension AnyStudy.Action: CasePathable {
  public struct AllCasePaths: Sendable {
    subscript<S: CaseStudy>(key _: StudyKey<S>) -> AnyCasePath<AnyStudy.Action, S.Action> {
      AnyCasePath(embed: { AnyStudy.Action(S.self, $0) }, extract: { $0[S.self] })
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}
