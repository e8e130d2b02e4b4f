extension Effect {
  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// <!-- context: arch-delegate -->
  /// ```swift
  /// return .concatenate(
  ///   .run { _ in try await clock.sleep(for: .seconds(2)) },
  ///   .send(.delegate(.goToCounter(state.count)))
  /// )
  /// ```
  ///
  /// Cancelling a concatenation cancels the running effect and starts none of the rest.
  public static func concatenate(_ effects: Self...) -> Self {
    .concatenate(effects)
  }

  /// Runs a sequence of effects one after another.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation: .concatenate(effects))
    }
  }

  /// Runs this effect, then another once this one has finished.
  public func concatenate(with other: Self) -> Self {
    .concatenate(self, other)
  }
}
