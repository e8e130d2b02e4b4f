#if canImport(Glibc)
  import Glibc
#endif

/// Whether the user asked for no colour: `NO_COLOR` set to anything non-empty (no-color.org).
/// The one reading of the variable: the application's default and the ncurses backend both use
/// it. Bold, dim, underline and reverse stay, so focus remains visible.
///
/// For example, `Application(backend: backend, noColor: noColorRequested())` is what the
/// default does on a real terminal.
public func noColorRequested() -> Bool {
  guard let value = getenv("NO_COLOR") else { return false }
  return value.pointee != 0
}

/// The same rule for an environment given as a dictionary, for example
/// `noColorRequested(in: ["NO_COLOR": "1"])` is true and `noColorRequested(in: ["NO_COLOR": ""])`
/// false.
public func noColorRequested(in environment: [String: String]) -> Bool {
  !(environment["NO_COLOR"] ?? "").isEmpty
}
