/// A tool laid over a whole app by the runner, as a time-travel inspector is: it wraps the
/// app's root view in what it draws, and takes what it needs of the application before the
/// first frame (its keys through ``Application/keyInterceptors``, its help-bar entry through
/// ``Application/toolKeys``). Pass it to the runner: `TerminalApp.run(layers: [ruler]) { … }`.
///
/// For example, a ruler over the app, listed in the help bar:
///
/// <!-- context: tui-counter-app -->
/// ```swift
/// final class Ruler: ApplicationLayer {
///   func wrap(_ content: Group) -> Group {
///     Group {
///       VStack {
///         Text("0....5....10")
///         content
///       }
///     }
///   }
///   func install(in app: Application) { app.toolKeys.append(("F2", "ruler")) }
/// }
/// Ruler().install(in: app)
/// ```
@MainActor
public protocol ApplicationLayer: AnyObject {
  /// The app's root view with what the layer draws around or over it.
  func wrap(_ content: Group) -> Group
  /// Called once with the application the runner made, before its first frame.
  func install(in app: Application)
}
