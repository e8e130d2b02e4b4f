/// Sees every key an ``Application`` gets before its screen does, Ctrl-C excepted (a resize it
/// does not use still resizes):
/// an inspector laid over the app takes the keys it needs this way. Each interceptor in
/// ``Application/keyInterceptors`` is an input layer of its own: the last added sees a key
/// first, and what it lets through goes on to the ones added before it, then to the screen.
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
/// app.keyInterceptors.append(F12Toggle())
/// ```
@MainActor
public protocol KeyInterceptor: AnyObject {
  /// Whether it used the key: the screen then never sees it, and a frame is drawn.
  func intercept(_ key: KeyEvent, in app: Application) -> Bool
  /// Called after the layers under the interceptor (other interceptors, the screen) routed a
  /// key it did not use.
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

extension Application {
  /// The tool that sees every key first: the last of ``keyInterceptors``. Setting it replaces
  /// them all.
  @available(
    *, deprecated,
    message: "Append to keyInterceptors instead: several tools laid over an app can each take keys."
  )
  public var keyInterceptor: (any KeyInterceptor)? {
    get { keyInterceptors.last }
    set { keyInterceptors = newValue.map { [$0] } ?? [] }
  }
}
