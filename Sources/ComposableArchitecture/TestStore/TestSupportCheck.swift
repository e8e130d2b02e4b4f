import Foundation
import IssueReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Whether issues reported in a test reach the test runner. On Linux, IssueReporting hands them
/// to Swift Testing and XCTest through the `IssueReportingTestSupport` library, which it looks up
/// at run time: in a test process that does not link it, every failure a test store reports goes
/// nowhere, and a wrong assertion passes. A test store refuses to run there, with what to do.
enum TestSupportCheck {
  /// What a test target must link, and how.
  static let message = """
    A TestStore cannot fail this test: on Linux, reported issues reach Swift Testing and XCTest \
    only through the IssueReportingTestSupport library, and this test process does not link \
    it, so every failing assertion would pass.

    Add to the test target's dependencies either TerminalUITesting, which links it:

        .product(name: "TerminalUITesting", package: "swift-composable-terminal")

    or IssueReportingTestSupport itself:

        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")
    """

  /// Whether the library IssueReporting reports through is there: found as IssueReporting
  /// finds it (loaded by name, else among the process's symbols). Always true off Linux, where
  /// the test frameworks are found without it.
  static let isTestSupportLinked: Bool = {
    #if os(Linux) || os(Android)
      let symbol = "$s25IssueReportingTestSupport07_recordA0ypyF"
      guard
        let handle = dlopen("libIssueReportingTestSupport.so", RTLD_LAZY)
          ?? dlopen(nil, RTLD_LAZY)
      else { return false }
      return dlsym(handle, symbol) != nil
    #else
      return true
    #endif
  }()

  /// Stops a test process whose failures could not fail it, saying what to link; does nothing
  /// outside tests.
  static func requireTestSupport() {
    guard isTesting, !isTestSupportLinked else { return }
    fatalError(message)
  }
}
