extension Reducer {
  /// Marks each action the reducer handles, and its effects, with signposts: upstream's
  /// `signpost(_:log:)`, which draws them in Instruments through `os_signpost`.
  ///
  /// ```swift
  /// let counter = Reduce<Int, Bool> { count, isIncrement in
  ///   count += isIncrement ? 1 : -1
  ///   return .none
  /// }
  /// .signpost("Counter")
  /// ```
  ///
  /// Linux has neither `os_signpost` nor Instruments: the reducer is returned as it is, so that
  /// code written for upstream compiles, and runs exactly as it would without the call. To see
  /// what a reducer does, use `_printChanges()` or a store's history.
  @inlinable
  public func signpost(_ prefix: String = "") -> Self {
    self
  }
}
