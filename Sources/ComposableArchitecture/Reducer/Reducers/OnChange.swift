extension Reducer {
  /// Runs another reducer when a value derived from the state changes.
  ///
  /// <!-- context: core-settings-feature -->
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   BindingReducer()
  ///     .onChange(of: \.settings) { oldValue, newValue in
  ///       Reduce { state, action in
  ///         .run { _ in await settingsClient.set(newValue) }
  ///       }
  ///     }
  /// }
  /// ```
  ///
  /// The value is compared before and after this reducer runs; the change reducer runs only when
  /// they differ, with both values.
  public func onChange<V: Equatable, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> some Reducer<State, Action> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer when a value derived from the state changes, as told by a closure:
  /// for values that are not `Equatable`, or to ignore some changes.
  ///
  /// <!-- context: core-settings-feature, core-reducer-body -->
  /// ```swift
  /// BindingReducer()
  ///   .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) {
  ///     oldValue, newValue in
  ///     Reduce { state, action in .send(.search(newValue)) }
  ///   }
  /// ```
  public func onChange<V, R: Reducer<State, Action>>(
    of toValue: @escaping (State) -> V,
    removeDuplicates isDuplicate: @escaping (V, V) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
  ) -> some Reducer<State, Action> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

struct _OnChangeReducer<Base: Reducer, Value, Body: Reducer<Base.State, Base.Action>>: Reducer {
  let base: Base
  let toValue: (Base.State) -> Value
  let isDuplicate: (Value, Value) -> Bool
  let reducer: (Value, Value) -> Body

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffects }
    return .merge(baseEffects, reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
