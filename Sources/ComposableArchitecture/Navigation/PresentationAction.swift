/// The actions of a presented child: its own actions, and a request to dismiss it.
///
/// <!-- context: arch-item-form, arch-destination -->
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
///
/// Case key paths see through `presented`: `\.destination.alert` is
/// `\.destination.presented.alert`. The enum is `indirect`, so a feature can present itself
/// (`case child(PresentationAction<Action>)` in its own `Action`).
public indirect enum PresentationAction<Action>: CasePathable {
  /// Dismisses the child: the presentation reducer sets its state to `nil` after the parent ran.
  case dismiss
  /// An action of the presented child.
  case presented(Action)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(
        embed: { .dismiss },
        extract: {
          guard case .dismiss = $0 else { return nil }
          return ()
        }
      )
    }

    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(
        embed: { .presented($0) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return action
        }
      )
    }

    /// A case of the presented action, reached without spelling `presented`.
    public subscript<AppendedAction>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, AppendedAction>>
    ) -> AnyCasePath<PresentationAction, AppendedAction> where Action: CasePathable {
      Self.presented(Action.allCasePaths[keyPath: keyPath])
    }

    /// A child's presentation action inside its parent's: `\.destination.alert` as a
    /// `PresentationAction<Alert>`, where `.dismiss` stays `.dismiss`. Views use it to dismiss
    /// a child of an enum destination; chains of case paths prefer the overload above.
    @_disfavoredOverload
    public subscript<AppendedAction>(
      dynamicMember keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, AppendedAction>>
    ) -> AnyCasePath<PresentationAction, PresentationAction<AppendedAction>>
    where Action: CasePathable {
      Self.presentation(Action.allCasePaths[keyPath: keyPath])
    }

    private static func presentation<AppendedAction>(
      _ casePath: AnyCasePath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, PresentationAction<AppendedAction>> {
      AnyCasePath(
        embed: { action in
          switch action {
          case .dismiss: .dismiss
          case let .presented(child): .presented(casePath.embed(child))
          }
        },
        extract: {
          switch $0 {
          case .dismiss: return .dismiss
          case let .presented(action): return casePath.extract(from: action).map { .presented($0) }
          }
        }
      )
    }

    // NB: Unconstrained, so its sendable closures capture no conformance of `Action`.
    private static func presented<AppendedAction>(
      _ casePath: AnyCasePath<Action, AppendedAction>
    ) -> AnyCasePath<PresentationAction, AppendedAction> {
      AnyCasePath(
        embed: { .presented(casePath.embed($0)) },
        extract: {
          guard case let .presented(action) = $0 else { return nil }
          return casePath.extract(from: action)
        }
      )
    }
  }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension AnyCasePath {
  /// A presented child's case path appended to its parent's (`\.child.presented` where a key
  /// path of case paths is expected, as `store.scope(state:action:)` takes): the child's case
  /// path is found once, here. swift-case-paths' general subscript finds it again through a key
  /// path at every embed and extract, about 2,000 instructions at each level of a nested
  /// presentation for every action sent.
  @_documentation(visibility: internal)
  public subscript<Child>(
    dynamicMember keyPath: KeyPath<
      PresentationAction<Child>.AllCasePaths, AnyCasePath<PresentationAction<Child>, Child>
    >
  ) -> AnyCasePath<Root, Child> where Value == PresentationAction<Child> {
    let child = PresentationAction<Child>.allCasePaths[keyPath: keyPath]
    return AnyCasePath<Root, Child>(
      embed: { self.embed(child.embed($0)) },
      extract: { self.extract(from: $0).flatMap(child.extract) }
    )
  }
}
