import PrimeModal

/// The live search for the nth prime: checks numbers one by one, counting primes.
///
/// ```swift
/// NthPrimeSearch(n: 5, reportEvery: 2).run(isCancelled: { false }) { print($0) }
/// // .progress(found: 1, checked: 2), …, .found(11)
/// ```
///
/// Reports `.progress` after every `reportEvery` numbers checked and `.found` once at the end;
/// when `isCancelled` turns true it stops without reporting anything more. An n below 1 reports
/// nothing.
public struct NthPrimeSearch: Sendable {
  /// Which prime is wanted.
  public var n: Int
  /// How many numbers are checked between two progress reports (at least 1).
  public var reportEvery: Int

  /// A search for the nth prime, reporting after every `reportEvery` numbers checked.
  public init(n: Int, reportEvery: Int) {
    self.n = n
    self.reportEvery = max(1, reportEvery)
  }

  /// Runs the search on the current thread, calling `report` with each event.
  public func run(isCancelled: () -> Bool, report: (NthPrimeEvent) -> Void) {
    guard n >= 1 else { return }
    var found = 0
    var candidate = 1
    while found < n {
      candidate += 1
      if isPrime(candidate) { found += 1 }
      if (candidate - 1) % reportEvery == 0 {
        if isCancelled() { return }
        report(.progress(NthPrimeProgress(n: n, found: found, checked: candidate)))
      }
    }
    if isCancelled() { return }
    report(.found(candidate))
  }
}
