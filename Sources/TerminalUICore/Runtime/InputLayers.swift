/// One layer of an ``Application``'s input over its screen. A key goes down the layers, top
/// first: the tools laid over the app (``KeyInterceptor``s, the last added first), the `?`
/// overlay and the command palette while they show; each takes the key or passes it to the one
/// below, and what they all pass goes to the screen, the bottom layer (its topmost
/// presentation, the focused control, the screen's commands, Esc, `?`, Ctrl-P, the
/// application's keys: `routeToScreen`). The help bar lists the commands of the topmost layer
/// that takes every key, so it never lists a key a layer above would swallow.
@MainActor
protocol InputLayer {
  /// Takes `key` (the layer redraws as it needs) or passes it down with `false`.
  func route(_ key: KeyEvent, in app: Application) -> Bool
  /// Told, once the layers below have routed a key this layer passed.
  func didPass(_ key: KeyEvent, in app: Application)
  /// What the keys do while this layer takes every key, or nil while it lets keys through:
  /// the help bar lists these commands (and Ctrl-C) only.
  func commands(in app: Application) -> [KeyCommand]?
  /// Draws the layer over what the layers below drew.
  func draw(into buffer: inout Buffer, in app: Application)
}

extension InputLayer {
  func didPass(_ key: KeyEvent, in app: Application) {}
  func draw(into buffer: inout Buffer, in app: Application) {}
}

extension Application {
  /// The layers over the screen a key goes through now, top first: none (and no array
  /// allocated) on a plain screen, which a keystroke and a frame ask for several times.
  var layersOverTheScreen: [any InputLayer] {
    guard !keyInterceptors.isEmpty || isShowingHelp || commandPalette != nil else { return [] }
    var layers: [any InputLayer] = keyInterceptors.reversed().map(InterceptorLayer.init)
    if isShowingHelp { layers.append(HelpOverlayLayer()) }
    if commandPalette != nil { layers.append(PaletteLayer()) }
    return layers
  }

  /// The commands of the topmost layer that takes every key, if one does.
  var keyTakingCommands: [KeyCommand]? {
    for layer in layersOverTheScreen {
      if let commands = layer.commands(in: self) { return commands }
    }
    return nil
  }

  /// Whether typing goes to a layer over the screen that shows no cursor of its own (the `?`
  /// overlay, a tool with the keys): the screen's text cursor is hidden then.
  var typingGoesOverTheScreen: Bool {
    for layer in layersOverTheScreen {
      if layer is PaletteLayer { return false }
      if layer.commands(in: self) != nil { return true }
    }
    return false
  }
}

/// A tool laid over the app: it sees every key first, and is told of those it let through.
struct InterceptorLayer: InputLayer {
  let interceptor: any KeyInterceptor

  func route(_ key: KeyEvent, in app: Application) -> Bool {
    guard interceptor.intercept(key, in: app) else { return false }
    app.setNeedsDisplay()
    return true
  }

  func didPass(_ key: KeyEvent, in app: Application) {
    interceptor.didRoute(key, in: app)
  }

  func commands(in app: Application) -> [KeyCommand]? {
    interceptor.commands(in: app)
  }
}

/// The `?` overlay listing every key: it takes every key, Esc or `?` closes it, a click too.
/// A resize goes on down.
struct HelpOverlayLayer: InputLayer {
  func route(_ key: KeyEvent, in app: Application) -> Bool {
    switch key {
    case .resize:
      return false
    case .escape, .character("?"):
      app.closeHelp()
    case .mouse(let event) where event.isClick:
      app.closeHelp()
    default:
      break
    }
    return true
  }

  func commands(in app: Application) -> [KeyCommand]? { KeyHelp.overlayCommands }

  func draw(into buffer: inout Buffer, in app: Application) {
    app.keyHelp.drawOverlay(into: &buffer, theme: app.theme)
  }
}

/// The command palette: it takes every key and click; a resize goes on down.
struct PaletteLayer: InputLayer {
  func route(_ key: KeyEvent, in app: Application) -> Bool {
    guard var palette = app.commandPalette else { return false }
    switch key {
    case .resize:
      return false
    case .mouse(let event):
      if event.isClick {
        app.settle(palette.click(at: event.position, among: app.keyHelp.commands))
      }
    default:
      let outcome = palette.handle(key, among: app.keyHelp.commands)
      app.commandPalette = palette
      app.settle(outcome)
    }
    return true
  }

  func commands(in app: Application) -> [KeyCommand]? { CommandPalette.keyCommands }

  func draw(into buffer: inout Buffer, in app: Application) {
    guard var palette = app.commandPalette else { return }
    palette.draw(app.keyHelp.commands, into: &buffer, theme: app.theme)
    app.commandPalette = palette
  }
}
