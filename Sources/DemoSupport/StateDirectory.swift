import ComposableArchitecture
import Foundation

extension DependencyValues {
  /// The folder the demo keeps its state in: `--state-dir`, else `$XDG_STATE_HOME/composable-demo`,
  /// else `~/.local/state/composable-demo`.
  ///
  /// For example, a persisted shared value names a file in it:
  ///
  /// <!-- context: core-stats, core-state-fields -->
  /// ```swift
  /// @Shared(.stateFile("stats.json")) var stats = Stats()
  /// ```
  ///
  /// Features never build paths from the environment themselves; tests get a fixed folder that
  /// the in-memory test file storage never touches on disk.
  public var stateDirectory: URL {
    get { self[StateDirectoryKey.self] }
    set { self[StateDirectoryKey.self] = newValue }
  }
}

private enum StateDirectoryKey: DependencyKey {
  static var liveValue: URL {
    defaultStateDirectory(environment: ProcessInfo.processInfo.environment)
  }
  static var testValue: URL {
    URL(fileURLWithPath: "/composable-demo-test-state", isDirectory: true)
  }
}

/// The state folder for an environment: `$XDG_STATE_HOME/composable-demo` when it is set to an
/// absolute path, else `$HOME/.local/state/composable-demo`.
public func defaultStateDirectory(environment: [String: String]) -> URL {
  if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
    return URL(fileURLWithPath: state, isDirectory: true)
      .appendingPathComponent("composable-demo", isDirectory: true)
  }
  let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  return URL(fileURLWithPath: home, isDirectory: true)
    .appendingPathComponent(".local/state/composable-demo", isDirectory: true)
}

extension SharedKey {
  /// A value stored as JSON in a file of the state folder (`@Dependency(\.stateDirectory)`).
  ///
  /// For example, `@Shared(.stateFile("stats.json")) var stats = Stats()`.
  public static func stateFile<Value>(_ name: String) -> Self
  where Self == FileStorageKey<Value> {
    @Dependency(\.stateDirectory) var directory
    return .fileStorage(directory.appendingPathComponent(name, isDirectory: false))
  }
}
