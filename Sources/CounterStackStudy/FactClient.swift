import ComposableArchitecture

/// Where number facts come from. The live value is an offline fact book (no network), so the
/// demo behaves the same everywhere; tests give their own.
///
/// For example, a test that wants a failure:
///
/// <!-- context: core-fact-test-dependencies -->
/// ```swift
/// $0.factClient.fetch = { _ in throw FactClient.Failure(message: "offline") }
/// ```
public struct FactClient: Sendable {
  /// Returns a fact about a number, or throws a ``Failure``.
  public var fetch: @Sendable (Int) async throws -> String

  /// Creates a client.
  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }

  /// Why a fact could not be had, worded for the user.
  public struct Failure: Error, Equatable, Sendable {
    /// What went wrong.
    public var message: String
    /// Creates a failure.
    public init(message: String) { self.message = message }
  }
}

extension FactClient: DependencyKey {
  /// The offline fact book: it takes half a second on the clock to "look a number up", and its
  /// page for 13 is missing (the unlucky number shows the failure alert).
  public static var liveValue: FactClient {
    FactClient { number in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(500))
      guard number != 13 else {
        throw Failure(message: "The fact book's page for 13 is missing. Try another number.")
      }
      return NumberFacts.fact(about: number)
    }
  }

  public static var testValue: FactClient {
    FactClient { _ in
      reportIssue("FactClient.fetch is unimplemented in this test")
      return ""
    }
  }
}

extension DependencyValues {
  /// The source of number facts.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

/// Facts worked out from a number itself.
public enum NumberFacts {
  /// A sentence about `number`: a known fact when there is one, else its properties.
  ///
  /// For example, `fact(about: 1729)` tells the taxicab story.
  public static func fact(about number: Int) -> String {
    if let known = known[number] { return known }
    var properties: [String] = [number.isMultiple(of: 2) ? "even" : "odd"]
    if number > 1 { properties.append(isPrime(number) ? "prime" : "not prime") }
    if let root = squareRoot(of: number) { properties.append("the square of \(root)") }
    let digits = String(number.magnitude).compactMap(\.wholeNumberValue)
    properties.append("its digits add up to \(digits.reduce(0, +))")
    return "\(number) is " + properties.joined(separator: ", ") + "."
  }

  static let known: [Int: String] = [
    0: "0 is the only number that is neither positive nor negative.",
    42: "42 is the answer to the ultimate question of life, the universe, and everything.",
    1729: "1729 is the smallest number that is the sum of two cubes in two different ways.",
  ]

  static func isPrime(_ number: Int) -> Bool {
    guard number > 1 else { return false }
    var divisor = 2
    while divisor * divisor <= number {
      if number.isMultiple(of: divisor) { return false }
      divisor += 1
    }
    return true
  }

  static func squareRoot(of number: Int) -> Int? {
    guard number >= 0 else { return nil }
    var root = 0
    while (root + 1) * (root + 1) <= number { root += 1 }
    return root * root == number ? root : nil
  }
}
