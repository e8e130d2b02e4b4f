/// Where focus is: the focused control of the active screen, by index and by identity, and
/// where focus was on the screens the active one covers.
///
/// Focus follows its control's identity (kind, label, repeat): when controls before it come or
/// go, it stays on the same control; when the screen changes, what the screen left had is kept
/// and what the screen now active had is put back (the first control on a new screen), so
/// popping a screen or closing an overlay returns to the control that had focus.
///
/// No control has focus after Esc left a text field, or after the state let go of the focused
/// control (a focus binding set to `nil`): Tab and Shift-Tab then go on from the control left,
/// and a click or a focus binding focuses a control again.
@MainActor
final class FocusController {
  /// The index of the focused control, in screen order; -1 when none has focus.
  var index: Int { isLeft ? -1 : place }
  /// Where focus is or was last: Tab goes on from here when no control has focus (-1: from
  /// before the first control).
  private var place = 0
  /// Whether no control has focus.
  private var isLeft = false
  /// The focused control's identity.
  private var identity: String?
  /// Focus on the screens under the active one, by screen.
  private var covered: [[AnyHashable]: Kept] = [:]
  /// What a covered screen had: the control focused (or left). Its text cursors, as what
  /// its views remember, are kept with them.
  fileprivate struct Kept {
    var focus: String?
    var isLeft: Bool
  }
  /// Whether the last layout switched screens: the frame is laid out again.
  private var switchedScreen = false
  /// The focused control, when its focus binding said so after the last layout: if the
  /// state then lets go of it, focus leaves it.
  private var heldByState: String?
  /// Whether the active screen shows for the first time (the first frame, or a screen with no
  /// focus kept): its default focus, if it has one, takes the focus.
  private var isFresh = true

  /// Everything the controller knows, to put back later.
  struct Memento {
    fileprivate let place: Int
    fileprivate let isLeft: Bool
    fileprivate let identity: String?
    fileprivate let covered: [[AnyHashable]: Kept]
  }

  /// Where focus is now, on the active screen and the screens it covers.
  var memento: Memento {
    get { Memento(place: place, isLeft: isLeft, identity: identity, covered: covered) }
    set {
      place = newValue.place
      isLeft = newValue.isLeft
      identity = newValue.identity
      covered = newValue.covered
      switchedScreen = false
      isFresh = false
    }
  }

  /// Called after a layout whose active screen differs from the one before (`previous`).
  func switchScreen(from previous: FocusSession, to session: FocusSession) {
    covered[previous.screen] = Kept(focus: identity, isLeft: isLeft)
    let screen = session.screen
    let saved = covered[screen]
    // Only the screens under the active one can come back.
    covered = covered.filter { $0.key.count < screen.count && screen.starts(with: $0.key) }
    identity = saved?.focus
    isLeft = saved?.isLeft ?? false
    place = identity.flatMap(session.index(of:)) ?? -1
    isFresh = identity == nil
    switchedScreen = true
  }

  /// Moves focus where the state (a `focused(_:equals:)` binding) or the screen wants it;
  /// returns whether the frame must be laid out again.
  func adjust(in session: FocusSession) -> Bool {
    let bound = session.focusBindings.sorted(by: { $0.key < $1.key })
      .first(where: { $0.value.isFocusedInState() })?.key
    defer {
      if session.controls.indices.contains(place) { identity = session.controls[place].identity }
      heldByState = !isLeft && bound == place ? identity : nil
    }
    var changed = switchedScreen
    switchedScreen = false
    let count = session.controls.count
    let fresh = isFresh
    isFresh = false
    if let bound, bound != index {
      place = bound
      isLeft = false
      return true
    }
    // The state let go of the focused control (`focus = nil`): no control has focus, as
    // SwiftUI's `@FocusState` set to nil.
    if bound == nil, !isLeft, let held = heldByState, held == identity,
      session.controls.indices.contains(place), session.controls[place].identity == held,
      session.focusBindings[place] != nil
    {
      isLeft = true
      return true
    }
    // A screen showing for the first time focuses the control that asked for it, unless the
    // state says where focus is.
    if fresh, bound == nil, let preferred = session.defaultFocus, preferred < count,
      preferred != index
    {
      place = preferred
      isLeft = false
      return true
    }
    // Focus stays on its control when controls before it come or go (or, when no control has
    // focus, Tab goes on from the control left).
    if let identity,
      !session.controls.indices.contains(place)
        || session.controls[place].identity != identity,
      let found = session.index(of: identity)
    {
      place = found
      return !isLeft
    }
    if (place < 0 && !isLeft) || place >= count {
      let target = count == 0 ? 0 : place < 0 ? 0 : count - 1
      changed = changed || (target != place && count > 0 && !isLeft)
      place = target
    }
    return changed
  }

  /// Leaves the focused control: no control has focus, and a focus binding that says it has
  /// is cleared. Tab and Shift-Tab go on from it.
  func leave(in session: FocusSession) {
    guard !isLeft else { return }
    isLeft = true
    isFresh = false
    if let binding = session.focusBindings[place], binding.isFocusedInState() {
      binding.clear()
    }
  }

  /// The control Tab focuses, of `count`: the one after the focused one (or the one left).
  func next(of count: Int) -> Int {
    place + 1 >= count ? 0 : place + 1
  }

  /// The control Shift-Tab focuses, of `count`: the one before the focused one (or the one
  /// left).
  func previous(of count: Int) -> Int {
    place <= 0 || place > count ? count - 1 : place - 1
  }

  /// Moves focus to the control at `target` (Tab, Shift-Tab), telling focus bindings.
  func move(to target: Int, in session: FocusSession) {
    isFresh = false
    isLeft = false
    place = target
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
