/// Sees every key an ``Application`` gets before its screen does, Ctrl-C excepted (a resize it
/// does not use still resizes):
/// an inspector laid over the app takes the keys it needs this way.
///
/// For example, a tool that takes F12 and notes every other key:
///
/// <!-- context: tui-counter-app -->
/// ```swift
/// final class F12Toggle: KeyInterceptor {
///   var isOn = false
///   func intercept(_ key: KeyEvent, in app: Application) -> Bool {
///     guard key == .function(12) else { return false }
///     isOn.toggle()
///     return true
///   }
///   func didRoute(_ key: KeyEvent, in app: Application) {}
/// }
/// app.keyInterceptor = F12Toggle()
/// ```
@MainActor
public protocol KeyInterceptor: AnyObject {
  /// Whether it used the key: the screen then never sees it, and a frame is drawn.
  func intercept(_ key: KeyEvent, in app: Application) -> Bool
  /// Called after the screen handled a key the interceptor did not use.
  func didRoute(_ key: KeyEvent, in app: Application)
  /// What the interceptor's keys do while it takes every key, or nil while it lets them through
  /// to the app: while it has the keys, the help bar lists these commands (and Ctrl-C) only,
  /// since the screen's keys would not reach the screen.
  func commands(in app: Application) -> [KeyCommand]?
}

extension KeyInterceptor {
  /// An interceptor that names no commands lets the app's keys be listed.
  public func commands(in app: Application) -> [KeyCommand]? { nil }
}
