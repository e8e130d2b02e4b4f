@_exported import CasePaths
@_exported import Clocks
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import Foundation
@_exported import IdentifiedCollections
@_exported import IssueReporting

#if FoundationNetworking && canImport(FoundationNetworking)
  // On Linux `URLSession`, `URLRequest` and friends live here (Apple platforms have them in
  // Foundation): only with the package's FoundationNetworking trait, so that an app that does
  // not ask for networking does not link it, nor the libcurl, gnutls and OpenSSL it brings.
  @_exported import FoundationNetworking
#endif

#if CombineSchedulers
  // `@Dependency(\.mainQueue)`, `AnySchedulerOf<DispatchQueue>` and `DispatchQueue.test`, on
  // OpenCombine: only with the package's CombineSchedulers trait, so that an app that does not
  // ask for schedulers links neither combine-schedulers nor OpenCombine.
  @_exported import CombineSchedulers
#endif
