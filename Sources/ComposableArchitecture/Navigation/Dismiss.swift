/// Dismisses the presented feature (or pops the stack element) that the current effect belongs
/// to.
///
/// <!-- context: arch-dismiss -->
/// ```swift
/// @Dependency(\.dismiss) var dismiss
///
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .closeButtonTapped:
///       return .run { _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// The parent receives `.dismiss` (or `.popFrom(id:)` for a stack element), and every effect of
/// the child is cancelled. This works for children that were never presented by an action (deep
/// links) and for children presented again after a dismissal. Called from an effect that does not
/// belong to a presented child, it reports an issue.
public struct DismissEffect: Sendable {
  private let dismiss: (@MainActor @Sendable () async -> Void)?

  /// The dismissal the presentation reducers provide.
  init() {
    self.dismiss = nil
  }

  /// A dismissal that runs a closure instead, for tests of code that only calls it.
  public init(_ dismiss: @escaping @MainActor @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  /// Requests dismissal.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let dismiss {
      await dismiss()
      return
    }
    guard let context = EffectContext.current, await context.dismiss() else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        This is generally considered an application logic error, and can happen when a reducer \
        assumes it runs in a presentation context. If a reducer can run at both the root level \
        of an application, as well as in a presentation destination, use \
        @Dependency(\\.isPresented) to determine if the reducer is being presented before \
        calling @Dependency(\\.dismiss).
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
  }
}

extension DependencyValues {
  /// Dismisses the presented feature or stack element the current effect belongs to.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the current reducer runs as a presented feature or a stack element (or the
  /// current effect was started by one).
  ///
  /// The presentation reducers do not write it for each action: while a presented child
  /// reduces, a per-thread count says so, and an effect knows from the scope it runs in.
  /// Outside a presentation it is the value set with `withDependencies`, `false` by default.
  public var isPresented: Bool {
    get {
      PresentationDepth.isInside || EffectContext.current?.isPresented == true
        || self[IsPresentedKey.self]
    }
    set { self[IsPresentedKey.self] = newValue }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

private enum IsPresentedKey: DependencyKey {
  static let liveValue = false
  static let testValue = false
}

/// Whether a presented child is reducing on this thread: `ifLet` over `@Presents` and `forEach`
/// over a stack mark the thread around the child's `reduce`, instead of writing `isPresented`
/// into the task-local dependencies for every action (which copies the dependency values and
/// binds a task-local each time; this is a thread-specific read and two writes, and one read
/// only for a child presented inside another).
@usableFromInline
enum PresentationDepth {
  private static let depth = ThreadSpecific()

  /// Whether a presented child is reducing on this thread.
  static var isInside: Bool { depth.value != nil }

  /// Marks the thread before a presented child's `reduce`; returns whether it was marked
  /// already, for ``leave(_:)`` after the `reduce`. (No closure around the `reduce`: a closure
  /// would capture the reducer, which a nested presentation copies at every level.)
  @usableFromInline
  static func enter() -> Bool {
    if depth.value != nil { return true }
    depth.set(UnsafeRawPointer(bitPattern: 1))
    return false
  }

  /// Unmarks the thread after a presented child's `reduce`, unless it was marked before.
  @usableFromInline
  static func leave(_ wasInside: Bool) {
    if !wasInside { depth.set(nil) }
  }
}

/// What an effect's task knows about where it runs: for `dismiss`, and for cancellation by
/// identifier from inside the effect (`withTaskCancellation`, `Task.cancel(id:)`).
struct EffectContext: Sendable {
  @TaskLocal static var current: EffectContext?

  /// Delivers the dismissal of the nearest presentation around the effect to its parent. Returns
  /// `false` when the effect is not in a presentation (or its dismissal was already delivered).
  let dismiss: @MainActor @Sendable () -> Bool
  /// The registry of the store the effect runs in.
  weak var registry: EffectRegistry?
  /// The child scope the effect runs in.
  let scope: EffectScopeNode
  /// The action whose effect this is, while the store records its history (shared values the
  /// effect changes are recorded as its doing).
  var startedBy: UncheckedSendable<Any>? = nil

  /// Whether the effect was started by a presented child (or a child of one).
  var isPresented: Bool { scope.isPresented }

  /// Cancels what runs with this identifier in the effect's scope.
  @MainActor
  func cancel(_ id: AnyHashableSendable) {
    registry?.cancel(id: id, scope: scope)
  }

  /// Registers an operation to cancel with this identifier; returns a token to remove it with.
  func addCanceller(
    _ id: AnyHashableSendable, _ cancelInFlight: Bool, _ cancel: @escaping @Sendable () -> Void
  ) async -> Int? {
    let scope = self.scope
    return await MainActor.run { [registry] in
      registry?.addCanceller(id: id, scope: scope, cancelInFlight: cancelInFlight, cancel)
    }
  }

  func removeCanceller(_ id: AnyHashableSendable, _ token: Int) async {
    let scope = self.scope
    await MainActor.run { [registry] in
      registry?.removeCanceller(id: id, scope: scope, token)
    }
  }
}
