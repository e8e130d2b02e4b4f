import ComposableArchitecture
import Foundation

/// The list of favourite primes, with a selected row that can be deleted.
///
/// <!-- context: core-favorite-primes-parent -->
/// ```swift
/// Scope(state: \.favoritePrimes, action: \.favoritePrimes) { FavoritePrimes() }
/// ```
///
/// The selection always names a prime in the list (or nothing); after a deletion it moves to
/// the row that took the deleted one's place, else to the new last row.
@Reducer
public struct FavoritePrimes {
  @ObservableState
  public struct State: Equatable {
    /// The favourite primes, in the order they were saved.
    @Shared public var favoritePrimes: [Int]
    /// The selected prime, or `nil` when nothing is selected.
    public var selection: Int?

    /// A list of the given favourites, with an optional selected prime.
    public init(favoritePrimes: Shared<[Int]>, selection: Int? = nil) {
      self._favoritePrimes = favoritePrimes
      self.selection = selection
    }

    /// Whether there is a selected row to delete.
    public var isDeleteButtonDisabled: Bool { selection == nil }
  }

  /// What the list sends: selections and deletions.
  public enum Action: Equatable, Sendable {
    /// Removes the selected prime.
    case deleteSelectedTapped
    /// Removes the primes at these rows.
    case deleteRows(IndexSet)
    /// Selects a row by its prime; primes not in the list select nothing.
    case rowSelected(Int?)
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteSelectedTapped:
        guard let selection = state.selection,
          let row = state.favoritePrimes.firstIndex(of: selection)
        else { return .none }
        state.delete(rows: IndexSet(integer: row))
        return .none
      case let .deleteRows(rows):
        state.delete(rows: rows)
        return .none
      case let .rowSelected(prime):
        state.selection = prime.flatMap { state.favoritePrimes.contains($0) ? $0 : nil }
        return .none
      }
    }
  }
}

extension FavoritePrimes.State {
  fileprivate mutating func delete(rows: IndexSet) {
    let selectedRow = selection.flatMap { favoritePrimes.firstIndex(of: $0) }
    $favoritePrimes.withLock { primes in
      for row in rows.reversed() where primes.indices.contains(row) {
        primes.remove(at: row)
      }
    }
    guard let selectedRow, rows.contains(selectedRow) else { return }
    let remaining = favoritePrimes
    let next = selectedRow - rows.count(in: 0..<selectedRow)
    selection = remaining.isEmpty ? nil : remaining[min(next, remaining.count - 1)]
  }
}
