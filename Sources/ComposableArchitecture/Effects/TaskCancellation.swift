/// Runs an operation that the store can cancel by identifier: with ``Effect/cancel(id:)``, with
/// `Task.cancel(id:)`, or by starting another operation with the same identifier and
/// `cancelInFlight`.
///
/// <!-- context: arch-search, arch-switch-cases -->
/// ```swift
/// case .searchQueryChanged(let query):
///   return .run { send in
///     try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///       try await clock.sleep(for: .milliseconds(300))
///       await send(.searchResponse(try await api.search(query)))
///     }
///   }
/// ```
///
/// Inside an effect, identifiers are those of the effect's store and child scope, as with
/// ``Effect/cancellable(id:cancelInFlight:)``; elsewhere they are process-wide. Cancelling the
/// surrounding task cancels the operation too.
public func withTaskCancellation<T: Sendable, E: Error>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws(E) -> T
) async throws(E) -> T {
  let key = AnyHashableSendable(id)
  // Registered before the operation starts, so a cancellation by identifier always reaches it.
  let box = TaskBox<T>()
  let canceller = TaskCanceller(key: key, context: EffectContext.current)
  await canceller.register(cancelInFlight: cancelInFlight) { box.cancel() }
  let task = Task<T, any Error> { try await operation() }
  box.set(task)
  let result = await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
  await canceller.unregister()
  switch result {
  case let .success(value):
    return value
  case let .failure(error):
    // The task runs `operation` alone, so whatever it threw is an `E`.
    throw error as! E
  }
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the operations running with this identifier: effects made
  /// ``Effect/cancellable(id:cancelInFlight:)`` and operations in ``withTaskCancellation(id:cancelInFlight:operation:)``.
  ///
  /// <!-- context: arch-timer -->
  /// ```swift
  /// return .run { _ in
  ///   Task.cancel(id: CancelID.timer)
  /// }
  /// ```
  ///
  /// Inside an effect, this cancels in the effect's store and child scope; elsewhere, the
  /// process-wide operations of ``withTaskCancellation(id:cancelInFlight:operation:)``.
  public static func cancel(id: some Hashable & Sendable) {
    let key = AnyHashableSendable(id)
    if let context = EffectContext.current {
      mainActorNow { context.cancel(key) }
    }
    ProcessTaskCancellations.shared.cancel(key)
  }
}

/// The task of an operation, which may be cancelled before it exists.
private final class TaskBox<T: Sendable>: Sendable {
  private let state = LockIsolated<(task: Task<T, any Error>?, isCancelled: Bool)>((nil, false))

  func set(_ task: Task<T, any Error>) {
    let isCancelled = state.withValue { state in
      state.task = task
      return state.isCancelled
    }
    if isCancelled { task.cancel() }
  }

  func cancel() {
    let task = state.withValue { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }
}

/// One registration of ``withTaskCancellation(id:cancelInFlight:operation:)``: with the effect's
/// store when it runs in one, process-wide otherwise.
private final class TaskCanceller: Sendable {
  let key: AnyHashableSendable
  let context: EffectContext?
  private let token = LockIsolated<Int?>(nil)

  init(key: AnyHashableSendable, context: EffectContext?) {
    self.key = key
    self.context = context
  }

  func register(cancelInFlight: Bool, _ cancel: @escaping @Sendable () -> Void) async {
    if let context {
      let token = await context.addCanceller(key, cancelInFlight, cancel)
      self.token.setValue(token)
    } else {
      token.setValue(ProcessTaskCancellations.shared.add(key, cancelInFlight, cancel))
    }
  }

  func unregister() async {
    guard let token = token.value else { return }
    if let context {
      await context.removeCanceller(key, token)
    } else {
      ProcessTaskCancellations.shared.remove(key, token)
    }
  }
}

/// The operations of ``withTaskCancellation(id:cancelInFlight:operation:)`` that run outside any
/// store's effect.
final class ProcessTaskCancellations: Sendable {
  static let shared = ProcessTaskCancellations()
  private let cancellers = LockIsolated<[AnyHashableSendable: [Int: @Sendable () -> Void]]>([:])
  private let nextToken = LockIsolated(0)

  func add(
    _ key: AnyHashableSendable, _ cancelInFlight: Bool, _ cancel: @escaping @Sendable () -> Void
  ) -> Int {
    if cancelInFlight { self.cancel(key) }
    let token = nextToken.withValue { value in
      defer { value += 1 }
      return value
    }
    cancellers.withValue { $0[key, default: [:]][token] = cancel }
    return token
  }

  func remove(_ key: AnyHashableSendable, _ token: Int) {
    cancellers.withValue { cancellers in
      cancellers[key]?[token] = nil
      if cancellers[key]?.isEmpty == true { cancellers[key] = nil }
    }
  }

  func cancel(_ key: AnyHashableSendable) {
    let cancels = cancellers.withValue { $0.removeValue(forKey: key) } ?? [:]
    for cancel in cancels.values { cancel() }
  }
}
