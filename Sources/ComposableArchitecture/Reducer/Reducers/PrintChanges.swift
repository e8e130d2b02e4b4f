extension Reducer {
  /// Prints every action the reducer receives and a diff of the state it changed.
  ///
  /// ```swift
  /// Store(initialState: Feature.State()) {
  ///   Feature()._printChanges()
  /// }
  /// ```
  ///
  /// prints, for each action:
  ///
  /// ```
  /// received action:
  ///   Feature.Action.incrementButtonTapped
  ///   Feature.State(
  /// −   count: 0
  /// +   count: 1
  ///   )
  /// ```
  ///
  /// The printer is pluggable: ``_ReducerPrinter/customDump`` writes to standard output,
  /// ``_ReducerPrinter/customDump(to:)`` to any sink (a file or a log, as the terminal app does,
  /// since standard output belongs to the screen), ``_ReducerPrinter/actionLabels`` only the
  /// action names. Pass `nil` to print nothing.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> some Reducer<State, Action> {
    _PrintChangesReducer(base: self, printer: printer)
  }
}

/// Formats and writes what ``Reducer/_printChanges(_:)`` reports.
public struct _ReducerPrinter<State, Action>: Sendable {
  private let _printChange:
    @Sendable (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void

  /// Creates a printer from a closure called with each action and the states around it.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void
  ) {
    self._printChange = printChange
  }

  /// Reports one action.
  public func printChange(receivedAction: Action, oldState: State, newState: State) {
    _printChange(receivedAction, oldState, newState)
  }

  /// Prints each action and a diff of the state to standard output.
  public static var customDump: Self {
    .customDump { print($0) }
  }

  /// Writes each action and a diff of the state to a sink, one report per call.
  public static func customDump(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { receivedAction, oldState, newState in
      var report = "received action:\n"
      CustomDump.customDump(receivedAction, to: &report, indent: 2)
      report += "\n"
      report += changeDiff(oldState, newState).map { "\($0)\n" } ?? "  (No state changes)\n"
      write(report)
    }
  }

  /// Prints only the name of each action to standard output.
  public static var actionLabels: Self {
    .actionLabels { print($0) }
  }

  /// Writes only the name of each action to a sink.
  public static func actionLabels(to write: @escaping @Sendable (String) -> Void) -> Self {
    Self { receivedAction, _, _ in
      write("received action: \(debugCaseOutput(receivedAction))")
    }
  }
}

struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: _ReducerPrinter<Base.State, Base.Action>?

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    guard let printer else {
      return base.reduce(into: &state, action: action)
    }
    let oldState = state
    // Shared values are references: the old state sees the new values unless they are recorded.
    let oldShared = SharedSnapshot(capturing: state)
    let effects = base.reduce(into: &state, action: action)
    let newShared = SharedSnapshot(capturing: state)
    if oldShared.isEmpty, newShared.isEmpty {
      printer.printChange(receivedAction: action, oldState: oldState, newState: state)
    } else {
      SharedSnapshot.$change.withValue(.init(lhs: oldShared, rhs: newShared)) {
        printer.printChange(receivedAction: action, oldState: oldState, newState: state)
      }
    }
    return effects
  }
}

/// The diff of the states around an action, with the shared values each one had.
func changeDiff<State>(_ oldState: State, _ newState: State) -> String? {
  guard let change = SharedSnapshot.change else { return diff(oldState, newState) }
  let old = SharedSnapshot.withSnapshot(change.lhs) { String(customDumping: oldState) }
  let new = SharedSnapshot.withSnapshot(change.rhs) { String(customDumping: newState) }
  return lineDiff(old, new)
}

/// A short name for an action: its type and case path, without associated values.
func debugCaseOutput(_ value: Any) -> String {
  func describe(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first else {
      // A case without a payload; a value not an enum (a struct action) is its type's name.
      return mirror.displayStyle == .enum ? ".\(value)" : ""
    }
    let label = child.label ?? ""
    let payload = Mirror(reflecting: child.value)
    if payload.displayStyle == .tuple, payload.children.count > 1 {
      let labels = payload.children.map { "\($0.label ?? "_"):" }.joined()
      return ".\(label)(\(labels))"
    }
    let inner = payload.displayStyle == .enum ? describe(child.value) : ""
    return inner.isEmpty ? ".\(label)" : ".\(label)(\(inner))"
  }
  return "\(typeName(type(of: value)))\(describe(value))"
}
