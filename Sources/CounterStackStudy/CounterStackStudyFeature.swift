import ComposableArchitecture

/// Study 4: a stack of counters and number facts driven by one flat `StackState`.
///
/// Screens are pushed three ways: a link carrying a counter's state, the parent appending a
/// number-fact screen when a counter asks for a fact, and a counter's "load and go" delegate
/// action after its two-second effect. Every element keeps its own effects (timers) while
/// covered; results reach the element by its id.
///
/// For example, `--deep-link 42,1729,-999` starts three counters deep:
///
/// ```swift
/// let state = try CounterStackStudy.State(deepLink: "42,1729,-999")
/// ```
@Reducer
public struct CounterStackStudy {
  /// The screens of the stack.
  @Reducer
  public enum Path {
    case counter(StackCounter)
    case numberFact(NumberFact)
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var path = StackState<Path.State>()

    /// The study's root screen, nothing pushed.
    public init() {}

    /// The study with counters already pushed: `deepLink` lists their counts, separated by
    /// commas (`42,1729,-999`).
    public init(deepLink: String) throws(DeepLinkError) {
      let counts = deepLink.split(separator: ",", omittingEmptySubsequences: false).map {
        Int(String($0.filter { !$0.isWhitespace }))
      }
      guard !counts.isEmpty, counts.allSatisfy({ $0 != nil }) else {
        throw DeepLinkError(deepLink: deepLink)
      }
      for count in counts {
        path.append(.counter(StackCounter.State(count: count ?? 0)))
      }
    }
  }

  public enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    /// Replaces the stack with the three counters of the example deep link.
    case deepLinkButtonTapped
  }

  /// The counts the root's deep-link button pushes.
  public static let exampleDeepLink = [42, 1729, -999]

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deepLinkButtonTapped:
        state.path.removeAll()
        for count in Self.exampleDeepLink {
          state.path.append(.counter(StackCounter.State(count: count)))
        }
        return .none
      case .path(.element(_, .counter(.delegate(.goToCounter(let count))))):
        state.path.append(.counter(StackCounter.State(count: count)))
        return .none
      case .path(.element(let id, .counter(.factButtonTapped))):
        guard let count = state.path[id: id, case: \.counter]?.count else { return .none }
        state.path.append(.numberFact(NumberFact.State(number: count)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path)
  }
}

extension CounterStackStudy.Path.State: Equatable, Sendable {}
extension CounterStackStudy.Path.Action: Equatable, Sendable {}

/// A deep link the counter stack cannot follow, worded for the user.
public struct DeepLinkError: Error, Equatable, CustomStringConvertible {
  /// What was given.
  public var deepLink: String

  /// The error for `deepLink`.
  public init(deepLink: String) {
    self.deepLink = deepLink
  }

  public var description: String {
    "the counter-stack deep link lists counts separated by commas, like 42,1729,-999 "
      + "(got \"\(deepLink)\")"
  }
}
