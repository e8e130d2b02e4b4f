import Synchronization

/// How an ``Application`` routes what it reads: keys in batches (a long run typed into a field
/// as one paste, Ctrl-C honoured within moments), then each key down its layers, and the mouse.
extension Application {
  /// Routes keys until the application finishes.
  func routeAll(_ keys: [KeyEvent]) {
    // Sequentially consistent, with the pacer's mark: a change on another thread that sees
    // the routing under way and asks for no frame has set the mark before the routing ends,
    // so the frame asked for then sees it.
    isRouting.store(true, ordering: .sequentiallyConsistent)
    defer { isRouting.store(false, ordering: .sequentiallyConsistent) }
    var index = keys.startIndex
    var nextCheck = interruptCheck.map { _ in ContinuousClock.now + Self.interruptCheckInterval }
    while index < keys.endIndex, !isFinished {
      if let deadline = nextCheck, ContinuousClock.now >= deadline {
        if interruptCheck?() == true {
          isInterrupted = true
          isFinished = true
          return
        }
        nextCheck = ContinuousClock.now + Self.interruptCheckInterval
      }
      if let run = TypedRun(in: keys, from: index, takenAsText: focusedControlTakesText) {
        route(.paste(run.text))
        index = run.end
      } else {
        route(keys[index])
        index += 1
      }
    }
  }

  /// How often a long batch asks ``interruptCheck``.
  private static let interruptCheckInterval = Duration.milliseconds(10)

  /// Whether the focused control takes printable keys as text, with the layout up to date.
  private func focusedControlTakesText() -> Bool {
    if needsDisplay { refreshLayout() }
    return !isShowingHelp && focusedControl?.takesText == true
  }

  /// Routes a key down the input layers, top first, until one takes it (the screen, at the
  /// bottom, takes what they all pass); then tells the layers it passed, innermost first.
  /// Ctrl-C finishes the application whatever the layers.
  func route(_ key: KeyEvent) {
    if needsDisplay { refreshLayout() }
    if key == .ctrl("c") {
      isInterrupted = true
      isFinished = true
      return
    }
    let layers = layersOverTheScreen
    // Each layer in turn is offered the key; the first that takes it ends the offers.
    let taker = layers.firstIndex { $0.route(key, in: self) }
    if taker == nil { routeToScreen(key) }
    for layer in layers[..<(taker ?? layers.endIndex)].reversed() { layer.didPass(key, in: self) }
    // A handler changed only what a widget remembers (a scroll offset): no observation saw it.
    if session.requestsDisplay {
      session.requestsDisplay = false
      needsFrame()
    }
  }

  /// Closes the `?` overlay.
  func closeHelp() {
    isShowingHelp = false
    needsFrame()
  }

  /// What the screen does with a key: a resize redraws everything, the mouse goes to what is
  /// under it, Tab and Shift-Tab move focus, then the focused control, Esc leaving a field, the
  /// screen's commands, Ctrl-P, Esc going back, `?`, and `onKey`.
  func routeToScreen(_ key: KeyEvent) {
    let count = session.controls.count
    if case .resize = key {
      backend.clear()
      previous = Buffer(size: Size(width: 0, height: 0))
      needsFrame()
      return
    }
    if case .mouse(let event) = key {
      routeMouse(event)
      return
    }
    switch key {
    case .tab where count > 0:
      focus.move(to: focus.next(of: count), in: session)
      needsFrame()
    case .backTab where count > 0:
      focus.move(to: focus.previous(of: count), in: session)
      needsFrame()
    default:
      if let focusedControl, focusedControl.handle(key) {
        needsFrame()
        return
      }
      if key == .escape, session.escapeLeaves(focusedControl) {
        focus.leave(in: session)
        needsFrame()
        return
      }
      if let shortcut = session.shortcuts[key] {
        shortcut()
        return
      }
      if key == .ctrl("p") {
        commandPalette = CommandPalette()
        needsFrame()
        return
      }
      if key == .escape, let escape = session.escape {
        escape()
        return
      }
      if key == .character("?") {
        isShowingHelp = true
        needsFrame()
        return
      }
      _ = onKey(key)
    }
  }

  /// A click focuses the control under the pointer and hands it the click; a wheel turn goes to
  /// the control under the pointer; what no control uses goes to the mouse regions there (the
  /// last drawn first).
  private func routeMouse(_ event: MouseEvent) {
    switch event.kind {
    case .press(.left), .scrollUp, .scrollDown: break
    default: return
    }
    if let index = session.control(at: event.position) {
      if event.isClick, index != focusedIndex {
        focus.move(to: index, in: session)
        needsFrame()
      }
      let control = session.controls[index]
      if control.handle(.mouse(event.shifted(back: control.shift))) {
        needsFrame()
        return
      }
    }
    for region in session.mouseRegions.reversed() where region.rect.contains(event.position) {
      if region.handle(event.shifted(back: region.shift)) {
        needsFrame()
        return
      }
    }
  }

  /// Closes the palette, running the command chosen, or keeps it open for the next key.
  func settle(_ outcome: CommandPalette.Outcome) {
    needsFrame()
    switch outcome {
    case .stays:
      return
    case .closes:
      commandPalette = nil
    case .runs(let command):
      commandPalette = nil
      perform(command)
    }
  }

  /// Does what a command's key does, without the key passing the focused control (a field
  /// would type it): a focused control's own command goes to the control, a screen's shortcut
  /// runs, the application's keys go to `onKey`, and the others (Esc, Ctrl-C, a tool's key),
  /// which no field takes, are routed as if pressed.
  private func perform(_ command: CommandPalette.Command) {
    let key = command.event
    if command.isControls, let focusedControl {
      _ = focusedControl.handle(key)
    } else if let shortcut = session.shortcuts[key] {
      shortcut()
    } else if globalKeys.contains(where: { $0.key == command.key }) {
      _ = onKey(key)
    } else {
      route(key)
    }
  }
}

extension MouseEvent {
  /// The same event at the cell `shift` before: where a control moved after drawing itself
  /// sees it.
  fileprivate func shifted(back shift: Position) -> MouseEvent {
    MouseEvent(kind, at: Position(x: position.x - shift.x, y: position.y - shift.y))
  }
}
