import ComposableArchitecture
import Foundation

/// One entry of the activity feed: a prime added to or removed from the favourites, and when.
public struct Activity: Equatable, Sendable, CustomStringConvertible {
  /// What happened.
  public enum Kind: Equatable, Sendable {
    /// A prime was saved to the favourites.
    case addedFavoritePrime(Int)
    /// A prime was removed from the favourites.
    case removedFavoritePrime(Int)
  }

  /// When it happened, from `@Dependency(\.date)`.
  public var timestamp: Date
  /// What happened.
  public var kind: Kind

  /// An entry for something that happened at `timestamp`.
  public init(timestamp: Date, kind: Kind) {
    self.timestamp = timestamp
    self.kind = kind
  }

  /// The entry as a line of text, for example "Added 7 to favorite primes".
  public var description: String {
    switch kind {
    case let .addedFavoritePrime(prime): "Added \(prime) to favorite primes"
    case let .removedFavoritePrime(prime): "Removed \(prime) from favorite primes"
    }
  }
}

extension Reducer {
  /// Records in a feed every prime the wrapped reducer adds to or removes from the favourites,
  /// stamped with `@Dependency(\.date)`.
  ///
  /// <!-- context: core-favorites-feed -->
  /// ```swift
  /// Reduce { state, action in .none }
  ///   .activityFeed(favoritePrimes: \.favoritePrimes, feed: \.activityFeed)
  /// ```
  ///
  /// Whatever action makes the change, and whichever feature holds the favourites, each
  /// addition and removal gets one entry, in the order of the list; the wrapped reducer's
  /// effects are returned untouched.
  public func activityFeed(
    favoritePrimes: KeyPath<State, [Int]>,
    feed: WritableKeyPath<State, [Activity]>
  ) -> some Reducer<State, Action> {
    ActivityFeedReducer(base: self, favoritePrimes: favoritePrimes, feed: feed)
  }
}

struct ActivityFeedReducer<Base: Reducer>: Reducer {
  let base: Base
  let favoritePrimes: KeyPath<Base.State, [Int]>
  let feed: WritableKeyPath<Base.State, [Activity]>
  @Dependency(\.date) var date

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state[keyPath: favoritePrimes]
    let effect = base.reduce(into: &state, action: action)
    let after = state[keyPath: favoritePrimes]
    guard before != after else { return effect }
    let now = date.now
    let removed = before.filter { !after.contains($0) }
    let added = after.filter { !before.contains($0) }
    state[keyPath: feed].append(
      contentsOf: removed.map { Activity(timestamp: now, kind: .removedFavoritePrime($0)) }
        + added.map { Activity(timestamp: now, kind: .addedFavoritePrime($0)) })
    return effect
  }
}
