/// The actions of a navigation stack: an action for one element, a pop, a push.
///
/// <!-- context: arch-path -->
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
///
/// Case key paths reach an element's actions by id: `\.path[id: 0].counter`.
public enum StackAction<State, Action>: CasePathable {
  /// An action for the element with this id.
  case element(id: StackElementID, action: Action)
  /// Pops the element with this id and every element above it.
  case popFrom(id: StackElementID)
  /// Pushes an element with this id (the next id of the `stackElementID` generator).
  case push(id: StackElementID, state: State)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  public struct AllCasePaths: Sendable {
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(
        embed: { .popFrom(id: $0) },
        extract: {
          guard case let .popFrom(id) = $0 else { return nil }
          return id
        }
      )
    }

    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(
        embed: { .push(id: $0.id, state: $0.state) },
        extract: {
          guard case let .push(id, state) = $0 else { return nil }
          return (id, state)
        }
      )
    }

    /// The actions of the element with this id.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

/// The stack actions for elements run by reducer `R`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension Store {
  /// Pushes `element` onto the stack this store drives, with the next id of the store's
  /// `stackElementID` generator: what a link that carries state does.
  ///
  /// For example, a link to a counter at the current count:
  ///
  /// <!-- context: arch-path, arch-stack -->
  /// ```swift
  /// pathStore.push(.counter(CounterFeature.State(count: 3)))
  /// ```
  ///
  /// The push is an ordinary `.push(id:state:)` action, so the parent's reducer sees it.
  @discardableResult
  public func push<Element, ElementAction>(_ element: Element) -> StoreTask
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    send(.push(id: core.dependencies.stackElementID.peek(), state: element))
  }
}
