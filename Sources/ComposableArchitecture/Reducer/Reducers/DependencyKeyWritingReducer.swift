extension Reducer {
  /// Overrides a dependency for this reducer and the effects it starts.
  ///
  /// ```swift
  /// CounterFeature()
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value>,
    _ value: Value
  ) -> some Reducer<State, Action> {
    _DependencyKeyWritingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Changes a dependency in place for this reducer and the effects it starts.
  ///
  /// <!-- context: core-now -->
  /// ```swift
  /// CounterFeature()
  ///   .transformDependency(\.self) { $0.date = .constant(now) }
  /// ```
  public func transformDependency<V>(
    _ keyPath: WritableKeyPath<DependencyValues, V>,
    transform: @escaping (_ dependency: inout V) -> Void
  ) -> some Reducer<State, Action> {
    _DependencyKeyWritingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

struct _DependencyKeyWritingReducer<Base: Reducer>: Reducer {
  let base: Base
  let update: (inout DependencyValues) -> Void
  /// The bodies built under the override: kept apart from the store's, since the reducers a
  /// body makes keep the dependencies in force when they are made.
  let bodies = _ReducerBodies()

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    withDependencies(update) {
      bodies.reducing { base.reduce(into: &state, action: action) }
    }
  }
}
