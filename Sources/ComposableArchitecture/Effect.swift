/// A description of work a store runs after a reducer returns: actions to feed back in
/// synchronously, asynchronous work that may send actions, and cancellation.
///
/// For example:
///
/// <!-- context: arch-timer, arch-switch-cases -->
/// ```swift
/// case .startButtonTapped:
///   return .run { send in
///     for await _ in clock.timer(interval: .seconds(1)) {
///       await send(.timerTicked)
///     }
///   }
///   .cancellable(id: CancelID.timer)
/// ```
///
/// Effects are plain values. The store walks them on the main actor: `.send` actions are
/// processed right after the action that produced them, in order; `.run` work starts in its own
/// task off the main actor and its sends hop back to the store one at a time.
public struct Effect<Action>: Sendable {
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(UncheckedSendable<Action>)
    case run(priority: TaskPriority?, operation: @Sendable (_ send: Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: AnyHashableSendable, cancelInFlight: Bool, Effect)
    case cancel(id: AnyHashableSendable)
    case scoped(EffectScopeID, Effect)
    case cancelScope(EffectScopeID)
    /// Cancels every scope at `location` whose identity is not kept.
    case cancelScopes(location: AnyHashableSendable, keeping: Set<AnyHashableSendable>)
    /// Arms the dismissal of the presented child whose scope this runs in: `dismiss()` from an
    /// effect in that scope runs the effect once; cancelling the scope disarms it. No task
    /// waits meanwhile.
    case dismissal(Effect)
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }

  /// Whether the effect does nothing (`.none`).
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

/// An effect for a reducer of `R`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

extension Effect {
  /// An effect that does nothing and completes immediately.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that feeds an action back into the store synchronously, right after the current
  /// action (and any actions queued before it) has been reduced.
  ///
  /// <!-- context: arch-delegate, arch-switch-cases -->
  /// ```swift
  /// case .saveButtonTapped:
  ///   return .send(.delegate(.saved))
  /// ```
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(UncheckedSendable(action)))
  }

  /// An effect that runs asynchronous work off the main actor, sending actions back to the store.
  ///
  /// <!-- context: arch-fact -->
  /// ```swift
  /// return .run { [count = state.count] send in
  ///   let fact = try await factClient.fetch(count)
  ///   await send(.factResponse(fact))
  /// } catch: { error, send in
  ///   await send(.factFailed)
  /// }
  /// ```
  ///
  /// Dependencies in force where the effect is created (for example overrides made with
  /// ``Reducer/dependency(_:_:)``) stay in force inside `operation`. A `CancellationError` ends
  /// the effect quietly; any other error goes to `handler`, or is reported as an issue when there
  /// is none.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let dependencies = DependencyValues._current
    return Self(
      operation: .run(priority: priority) { send in
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            guard let handler else {
              reportIssue(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

                \(String(customDumping: error).indented(by: 4))

                All non-cancellation errors must be explicitly handled via the "catch" parameter \
                on "Effect.run", or via a "do" block.
                """,
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
              )
              return
            }
            await handler(error, send)
          }
        }
      }
    )
  }
}

/// Sends actions back into the store from an ``Effect/run(priority:operation:catch:fileID:filePath:line:column:)``.
///
/// <!-- context: arch-timer -->
/// ```swift
/// return .run { send in
///   await send(.started)
/// }
/// ```
///
/// Actions sent after the effect's task is cancelled are dropped. Sending after the effect has
/// finished is a programmer error and is reported as an issue.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a closure, for example to test an effect's operation in isolation.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the current task is cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}
