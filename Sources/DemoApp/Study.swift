/// The case studies, in the root menu's order; the raw value is the name `--open` takes.
public enum Study: String, CaseIterable, Equatable, Sendable {
  case sharedState = "shared-state"
  case signUp = "sign-up"
  case favoritePrimes = "favorite-primes"
  case counterStack = "counter-stack"
  case inventory
  case settings

  /// The title in the menu and the breadcrumb.
  public var title: String {
    switch self {
    case .sharedState: "Shared state"
    case .signUp: "Sign up"
    case .favoritePrimes: "Favorite primes"
    case .counterStack: "Counter stack"
    case .inventory: "Inventory"
    case .settings: "Settings"
    }
  }

  /// What the study shows, in one line.
  public var summary: String {
    switch self {
    case .sharedState: "@Shared stats across a counter tab, a profile tab and a prime modal (S4)"
    case .signUp: "a multi-step flow on a navigation stack sharing one sign-up value (S4)"
    case .favoritePrimes: "modular reducers, a prime modal and an activity feed (S1)"
    case .counterStack: "a stack of counters with timers, load-and-go and number facts (S3)"
    case .inventory: "a list with an item form presented through a destination enum (S2)"
    case .settings: "display settings owned by a persisted dependency (S5)"
    }
  }

  /// The study named `name`, or an error listing the names there are.
  public static func named(_ name: String) throws(DemoError) -> Study {
    guard let study = Study(rawValue: name) else {
      throw DemoError(
        "unknown study \"\(name)\"; the studies are: "
          + allCases.map(\.rawValue).joined(separator: ", "))
    }
    return study
  }
}

/// A problem with the command line or the app's input, worded for the user.
public struct DemoError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  public var description: String
  /// Creates an error with a message.
  public init(_ description: String) { self.description = description }
}
