extension Effect {
  /// Runs several effects at the same time.
  ///
  /// <!-- context: arch-search -->
  /// ```swift
  /// return .merge(.send(.loadStarted), .run { send in await send(.loaded(await api.load())) })
  /// ```
  ///
  /// Synchronous actions of the merged effects are processed in the order the effects are listed.
  public static func merge(_ effects: Self...) -> Self {
    .merge(effects)
  }

  /// Runs a sequence of effects at the same time.
  // Inlinable, so that it is specialized for the sequence it is given (the stack reducer merges
  // an array at every push and pop): generic code walks a sequence through its witnesses.
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none:
        continue
      case let .merge(children):
        flattened.append(contentsOf: children)
      default:
        flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(operation: .merge(flattened))
    }
  }

  /// Runs this effect and another at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    return .merge(self, other)
  }
}
