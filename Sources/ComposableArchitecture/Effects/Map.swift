extension Effect {
  /// Transforms the actions the effect sends.
  ///
  /// <!-- context: arch-child-reduce -->
  /// ```swift
  /// return child.reduce(into: &state.child, action: action).map(Action.child)
  /// ```
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    map(unchecked: UncheckedSendable(transform))
  }

  /// Transforms the actions the effect sends with a closure the store only ever calls on the main
  /// actor, where the effect's sends arrive.
  func map<T>(unchecked transform: UncheckedSendable<(Action) -> T>) -> Effect<T> {
    switch self.operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform.value(action.value))
    case let .run(priority, operation):
      return Effect<T>(
        operation: .run(priority: priority) { send in
          await operation(Send { action in send(transform.value(action)) })
        }
      )
    case let .merge(effects):
      return Effect<T>(operation: .merge(effects.map { $0.map(unchecked: transform) }))
    case let .concatenate(effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(unchecked: transform) }))
    case let .cancellable(id, cancelInFlight, effect):
      return Effect<T>(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.map(unchecked: transform)))
    case let .cancel(id):
      return Effect<T>(operation: .cancel(id: id))
    case let .scoped(scope, effect):
      return Effect<T>(operation: .scoped(scope, effect.map(unchecked: transform)))
    case let .cancelScope(scope):
      return Effect<T>(operation: .cancelScope(scope))
    case let .cancelScopes(location, keeping):
      return Effect<T>(operation: .cancelScopes(location: location, keeping: keeping))
    case let .dismissal(effect):
      return Effect<T>(operation: .dismissal(effect.map(unchecked: transform)))
    }
  }
}
