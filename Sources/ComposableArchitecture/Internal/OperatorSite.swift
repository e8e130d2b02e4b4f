/// The action case path and source location of an `ifLet` over `@Presents` or a `forEach` over a
/// stack, when the traits made once for its state key path keep others: another action path or
/// another place in the source with the same state key path, or a case path given as an
/// `AnyCasePath`. The reducer holds one only then, so that a body built at every action holds
/// as few references as it can.
@usableFromInline
final class _OperatorSite<Action, ChildAction> {
  @usableFromInline let action: AnyCasePath<Action, ChildAction>
  @usableFromInline let location: SourceLocation

  @inlinable
  init(action: AnyCasePath<Action, ChildAction>, location: SourceLocation) {
    self.action = action
    self.location = location
  }

  /// The site of a call with `actionPath` at `location`, given its traits: `nil` when the traits
  /// were made by this very call (the same action path, the same place), else a site with the
  /// traits' case path when only the place differs, or one made by `casePath`.
  @inlinable @inline(__always)
  static func of<Traits: _OperatorTraits>(
    actionPath: AnyKeyPath,
    location: SourceLocation,
    traits: Traits,
    casePath: () -> AnyCasePath<Action, ChildAction>
  ) -> _OperatorSite? where Traits.Action == Action, Traits.ChildAction == ChildAction {
    let sameActionPath = traits.actionPath === actionPath
    if sameActionPath, traits.location.isSame(as: location) { return nil }
    return _OperatorSite(
      action: sameActionPath ? traits.actionCasePath.unsafelyUnwrapped : casePath(),
      location: location)
  }
}

/// What the traits of an `ifLet` or a `forEach` keep of the call that made them.
@usableFromInline
protocol _OperatorTraits: AnyObject {
  associatedtype Action
  associatedtype ChildAction
  /// The action case's own key path the traits were made with.
  var actionPath: AnyKeyPath? { get }
  /// Its case path.
  var actionCasePath: AnyCasePath<Action, ChildAction>? { get }
  /// Where the call was.
  var location: SourceLocation { get }
}
