import TerminalUINCurses

/// The runner as a TCA app gets it: `TerminalUINCurses`'s, which knows nothing of the
/// architecture, with the `@Shared` values still waiting for a throttled write written on every
/// way out.
extension TerminalApp {
  /// Runs `content` in the terminal until the user quits, as `TerminalUINCurses`'s `run` does,
  /// and on every way out writes the `@Shared` values still waiting for a throttled write
  /// (`flushPendingSharedWrites()`: the file and app storages, and any
  /// `FlushableSharedKey` of yours).
  ///
  /// For example, with the time-travel inspector laid over the app:
  ///
  /// <!-- context: counter-store -->
  /// ```swift
  /// await TerminalApp.run(layers: [Inspector(store: store)]) {
  ///   CounterView(store: store)
  /// }
  /// ```
  ///
  /// An app that passes hooks of its own (`onExit:`) runs `TerminalUINCurses`'s `run`, which
  /// runs those only: list `flushPendingSharedWrites` among them.
  public static func run(
    quit: QuitPolicy = .q,
    showsHelpBar: Bool = true,
    noColor: Bool? = nil,
    theme: Theme? = nil,
    colorDepth: ColorDepth? = nil,
    mouse: Bool = true,
    statusLine: StatusLine = StatusLine(),
    reportIssue: (@Sendable (String) -> Void)? = nil,
    recordKeys: (@MainActor ([KeyEvent]) -> Void)? = nil,
    layers: [any ApplicationLayer] = [],
    configure: @MainActor (Application) -> Void = { _ in },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) async {
    await run(
      quit: quit, showsHelpBar: showsHelpBar, noColor: noColor, theme: theme,
      colorDepth: colorDepth, mouse: mouse, statusLine: statusLine, reportIssue: reportIssue,
      recordKeys: recordKeys, layers: layers, onExit: [{ flushPendingSharedWrites() }],
      configure: configure, content: content)
  }

  @available(
    *, deprecated,
    message: "Pass the inspector as a layer: `TerminalApp.run(layers: [inspector]) { … }`."
  )
  public static func run(
    quit: QuitPolicy = .q,
    showsHelpBar: Bool = true,
    noColor: Bool? = nil,
    theme: Theme? = nil,
    colorDepth: ColorDepth? = nil,
    mouse: Bool = true,
    statusLine: StatusLine = StatusLine(),
    reportIssue: (@Sendable (String) -> Void)? = nil,
    recordKeys: (@MainActor ([KeyEvent]) -> Void)? = nil,
    inspector: Inspector?,
    configure: @MainActor (Application) -> Void = { _ in },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) async {
    await run(
      quit: quit, showsHelpBar: showsHelpBar, noColor: noColor, theme: theme,
      colorDepth: colorDepth, mouse: mouse, statusLine: statusLine, reportIssue: reportIssue,
      recordKeys: recordKeys, layers: inspector.map { [$0] } ?? [], configure: configure,
      content: content)
  }

  @available(
    *, deprecated,
    message:
      "Pass the inspector as a layer: `TerminalApp.application(backend: backend, layers: [inspector]) { … }`."
  )
  public static func application(
    backend: any Backend,
    quit: QuitPolicy = .q,
    showsHelpBar: Bool = true,
    noColor: Bool? = nil,
    theme: Theme = .dark,
    colorDepth: ColorDepth? = nil,
    statusLine: StatusLine = StatusLine(),
    inspector: Inspector?,
    onKey: @escaping @MainActor (KeyEvent) -> Bool = { _ in false },
    @ViewBuilder content: @escaping @MainActor () -> Group
  ) -> Application {
    application(
      backend: backend, quit: quit, showsHelpBar: showsHelpBar, noColor: noColor, theme: theme,
      colorDepth: colorDepth, statusLine: statusLine, layers: inspector.map { [$0] } ?? [],
      onKey: onKey, content: content)
  }

  @available(*, deprecated, renamed: "flushPendingSharedWrites()")
  public static func flushPendingWrites() {
    flushPendingSharedWrites()
  }
}
