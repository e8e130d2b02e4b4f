/// An action sent to one element of an identified collection.
///
/// <!-- context: arch-rows -->
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<RowFeature>)
/// }
/// store.send(.rows(.element(id: row.id, action: .toggle)))
/// ```
///
/// Case key paths reach an element's actions by id: `\.rows[id: 1]`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action for the element with this id.
  case element(id: ID, action: Action)

  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  public struct AllCasePaths: Sendable {
    /// The element case: its id and action.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The actions of the element with this id.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
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

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// An identified action for the elements of a reducer `R` whose state is identifiable.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
