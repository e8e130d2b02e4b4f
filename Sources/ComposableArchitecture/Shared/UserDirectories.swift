import Foundation

#if !canImport(Darwin)
  // Foundation on Linux has `URL.temporaryDirectory` (`$TMPDIR`, else `/tmp`) and
  // `URL.homeDirectory` (the account's home), but not these three, which TCA code uses to name
  // files (`.fileStorage(.documentsDirectory.appending(component: "stats.json"))`). They are
  // disfavoured, so that the day Foundation declares them its own are used instead.
  extension URL {
    /// The user's documents folder: `XDG_DOCUMENTS_DIR` from `user-dirs.dirs` (as
    /// `xdg-user-dir DOCUMENTS` reports it), else `~/Documents`.
    ///
    /// <!-- context: core-note, core-state-fields -->
    /// ```swift
    /// @Shared(.fileStorage(.documentsDirectory.appending(component: "notes.json")))
    /// var notes: [Note] = []
    /// ```
    ///
    /// The folder is named, not created.
    @_disfavoredOverload
    public static var documentsDirectory: URL { UserDirectories.current.documents }

    /// The user's cache folder: `$XDG_CACHE_HOME`, else `~/.cache`.
    ///
    /// ```swift
    /// let thumbnails = URL.cachesDirectory.appending(component: "my-app/thumbnails")
    /// ```
    ///
    /// The folder is named, not created.
    @_disfavoredOverload
    public static var cachesDirectory: URL { UserDirectories.current.caches }

    /// The user's data folder, where Apple platforms keep "Application Support": `$XDG_DATA_HOME`,
    /// else `~/.local/share`.
    ///
    /// ```swift
    /// let library = URL.applicationSupportDirectory.appending(component: "my-app/library.json")
    /// ```
    ///
    /// The folder is named, not created.
    @_disfavoredOverload
    public static var applicationSupportDirectory: URL { UserDirectories.current.data }
  }
#endif

/// The folders of the XDG base directory and user directory specifications, resolved from an
/// environment, a home folder for when `$HOME` is unusable, and a way to read `user-dirs.dirs`.
///
/// A variable that is unset, empty or relative is ignored, as the specification says.
struct UserDirectories {
  var environment: [String: String]
  /// The account's home, used when `$HOME` is unset or relative.
  var accountHome: URL
  var readFile: (URL) -> String?

  /// The folders of this process.
  static var current: UserDirectories {
    UserDirectories(
      environment: ProcessInfo.processInfo.environment,
      accountHome: URL.homeDirectory,
      readFile: { try? String(contentsOf: $0, encoding: .utf8) }
    )
  }

  var home: URL {
    absolutePath(environment["HOME"]) ?? accountHome
  }

  /// `$XDG_STATE_HOME`, else `~/.local/state`: state worth keeping between runs.
  var state: URL { base("XDG_STATE_HOME", default: ".local/state") }
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  var caches: URL { base("XDG_CACHE_HOME", default: ".cache") }
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  var data: URL { base("XDG_DATA_HOME", default: ".local/share") }
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  var config: URL { base("XDG_CONFIG_HOME", default: ".config") }

  /// `XDG_DOCUMENTS_DIR` from `user-dirs.dirs`, else from the environment, else `~/Documents`.
  var documents: URL {
    userDirectory("DOCUMENTS", default: "Documents")
  }

  private func base(_ variable: String, default relativePath: String) -> URL {
    absolutePath(environment[variable])
      ?? home.appendingPathComponent(relativePath, isDirectory: true)
  }

  /// A user directory as `xdg-user-dir` finds it: the config file's entry wins over the
  /// environment's.
  private func userDirectory(_ name: String, default relativePath: String) -> URL {
    let variable = "XDG_\(name)_DIR"
    let configured = readFile(config.appendingPathComponent("user-dirs.dirs")).flatMap {
      userDirsEntry(variable, in: $0)
    }
    return configured ?? absolutePath(environment[variable])
      ?? home.appendingPathComponent(relativePath, isDirectory: true)
  }

  /// The value of `NAME="$HOME/Path"` or `NAME="/Path"` (the two forms the user-dirs format
  /// allows, with `\"`, `\\` and `\$` escapes); `nil` when absent or malformed.
  private func userDirsEntry(_ variable: String, in text: String) -> URL? {
    var found: URL?
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "="),
        line[..<equals].trimmingCharacters(in: .whitespaces) == variable
      else { continue }
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
      let raw = value.dropFirst().dropLast()
      if raw.hasPrefix("$HOME") {
        let rest = unescaped(raw.dropFirst("$HOME".count))
        guard rest.isEmpty || rest.hasPrefix("/") else { continue }
        let relative = String(rest.drop { $0 == "/" })
        found = relative.isEmpty ? home : home.appendingPathComponent(relative, isDirectory: true)
      } else {
        let path = unescaped(raw)
        guard path.hasPrefix("/") else { continue }
        found = URL(fileURLWithPath: path, isDirectory: true)
      }
    }
    return found
  }

  /// The text with each backslash escape replaced by the character it escapes.
  private func unescaped(_ text: Substring) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if !escaping, character == "\\" {
        escaping = true
      } else {
        result.append(character)
        escaping = false
      }
    }
    return result
  }

  private func absolutePath(_ path: String?) -> URL? {
    guard let path, path.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: path, isDirectory: true)
  }
}
