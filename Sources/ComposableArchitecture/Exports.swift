@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import Foundation
@_exported import IdentifiedCollections
@_exported import IssueReporting

#if canImport(FoundationNetworking)
  // On Linux `URLSession`, `URLRequest` and friends live here; Apple platforms have them in
  // Foundation.
  @_exported import FoundationNetworking
#endif
