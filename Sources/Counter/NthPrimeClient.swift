import ComposableArchitecture

/// How far a search for the nth prime has come.
public struct NthPrimeProgress: Equatable, Sendable {
  /// Which prime is wanted.
  public var n: Int
  /// How many primes have been found so far.
  public var found: Int
  /// The last number checked.
  public var checked: Int

  /// Progress towards the nth prime: `found` primes among the numbers up to `checked`.
  public init(n: Int, found: Int = 0, checked: Int = 0) {
    self.n = n
    self.found = found
    self.checked = checked
  }

  /// The share of the primes found, from 0 to 1, for a progress bar.
  public var fraction: Double {
    n > 0 ? min(1, Double(found) / Double(n)) : 0
  }
}

/// What a search for the nth prime reports: progress now and then, then the prime.
public enum NthPrimeEvent: Equatable, Sendable {
  /// How far the search has come.
  case progress(NthPrimeProgress)
  /// The nth prime; the last event.
  case found(Int)
}

/// Finds the nth prime off the main actor, reporting progress as it goes.
///
/// <!-- context: core-function-body -->
/// ```swift
/// @Dependency(\.nthPrime) var nthPrime
/// for await event in nthPrime.search(5) { print(event) }  // …, .found(11)
/// ```
///
/// The live search runs on a detached task and stops as soon as the stream's consumer is
/// cancelled. The test value reports an issue when used.
public struct NthPrimeClient: Sendable {
  /// Streams the search for the nth prime (n ≥ 1), ending with `.found`.
  public var search: @Sendable (_ n: Int) -> AsyncStream<NthPrimeEvent>

  /// A client from a search function, for tests and previews.
  public init(search: @escaping @Sendable (_ n: Int) -> AsyncStream<NthPrimeEvent>) {
    self.search = search
  }
}

extension NthPrimeClient: DependencyKey {
  /// Trial division on a detached task, with progress every 5,000 numbers checked.
  public static var liveValue: NthPrimeClient {
    NthPrimeClient { n in
      AsyncStream { continuation in
        let task = Task.detached(priority: .userInitiated) {
          NthPrimeSearch(n: n, reportEvery: 5_000).run(
            isCancelled: { Task.isCancelled },
            report: { continuation.yield($0) }
          )
          continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }

  /// The same search run to the end before the stream is returned: deterministic, for
  /// replays on a test clock (the progress events are all delivered, then the prime).
  public static var immediate: NthPrimeClient {
    NthPrimeClient { n in
      AsyncStream { continuation in
        NthPrimeSearch(n: n, reportEvery: 5_000).run(
          isCancelled: { false },
          report: { continuation.yield($0) }
        )
        continuation.finish()
      }
    }
  }

  /// Reports an issue and finishes at once: tests say which search they expect.
  public static var testValue: NthPrimeClient {
    NthPrimeClient { _ in
      reportIssue("NthPrimeClient.search is unimplemented")
      return AsyncStream { $0.finish() }
    }
  }
}

extension DependencyValues {
  /// The search for the nth prime.
  public var nthPrime: NthPrimeClient {
    get { self[NthPrimeClient.self] }
    set { self[NthPrimeClient.self] = newValue }
  }
}
