/// Where focus is: the focused control of the active screen, by index and by identity, and
/// where focus and text cursors were on the screens the active one covers.
///
/// Focus follows its control's identity (kind, label, repeat): when controls before it come or
/// go, it stays on the same control; when the screen changes, what the screen left had is kept
/// and what the screen now active had is put back (the first control and fresh cursors on a new
/// screen), so popping a screen or closing an overlay returns to the control that had focus.
@MainActor
final class FocusController {
  /// The index of the focused control, in screen order; -1 before the screen's first frame.
  private(set) var index = 0
  /// The focused control's identity.
  private var identity: String?
  /// Focus and cursors of the screens under the active one, by screen.
  private var covered: [[AnyHashable]: (focus: String?, cursors: [String: Int])] = [:]
  /// Whether the last layout switched screens: the frame is laid out again.
  private var switchedScreen = false
  /// Whether the active screen shows for the first time (the first frame, or a screen with no
  /// focus kept): its default focus, if it has one, takes the focus.
  private var isFresh = true

  /// Everything the controller knows, to put back later.
  struct Memento {
    fileprivate let index: Int
    fileprivate let identity: String?
    fileprivate let covered: [[AnyHashable]: (focus: String?, cursors: [String: Int])]
  }

  /// Where focus is now, on the active screen and the screens it covers.
  var memento: Memento {
    get { Memento(index: index, identity: identity, covered: covered) }
    set {
      index = newValue.index
      identity = newValue.identity
      covered = newValue.covered
      switchedScreen = false
      isFresh = false
    }
  }

  /// Called after a layout whose active screen differs from the one before (`previous`).
  func switchScreen(from previous: FocusSession, to session: FocusSession) {
    covered[previous.screen] = (identity, previous.textCursors)
    let screen = session.screen
    let saved = covered[screen]
    // Only the screens under the active one can come back.
    covered = covered.filter { $0.key.count < screen.count && screen.starts(with: $0.key) }
    identity = saved?.focus
    session.textCursors = saved?.cursors ?? [:]
    index = identity.flatMap(session.index(of:)) ?? -1
    isFresh = identity == nil
    switchedScreen = true
  }

  /// Moves focus where the state (a `focused(_:equals:)` binding) or the screen wants it;
  /// returns whether the frame must be laid out again.
  func adjust(in session: FocusSession) -> Bool {
    defer {
      if session.controls.indices.contains(index) { identity = session.controls[index].identity }
    }
    var changed = switchedScreen
    switchedScreen = false
    let count = session.controls.count
    let fresh = isFresh
    isFresh = false
    let bound = session.focusBindings.sorted(by: { $0.key < $1.key })
      .first(where: { $0.value.isFocusedInState() })?.key
    if let bound, bound != index {
      index = bound
      return true
    }
    // A screen showing for the first time focuses the control that asked for it, unless the
    // state says where focus is.
    if fresh, bound == nil, let preferred = session.defaultFocus, preferred < count,
      preferred != index
    {
      index = preferred
      return true
    }
    // Focus stays on its control when controls before it come or go.
    if let identity,
      !session.controls.indices.contains(index)
        || session.controls[index].identity != identity,
      let found = session.index(of: identity)
    {
      index = found
      return true
    }
    if index < 0 || index >= count {
      let target = count == 0 ? 0 : index < 0 ? 0 : count - 1
      changed = changed || (target != index && count > 0)
      index = target
    }
    return changed
  }

  /// Moves focus to the control at `target` (Tab, Shift-Tab), telling focus bindings.
  func move(to target: Int, in session: FocusSession) {
    isFresh = false
    index = target
    identity = session.controls[target].identity
    if let binding = session.focusBindings[target] {
      binding.focus()
    } else {
      for binding in session.focusBindings.values where binding.isFocusedInState() {
        binding.clear()
      }
    }
  }
}
