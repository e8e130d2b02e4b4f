import CustomDump
import Observation

/// State that is observable field by field: a store reader that reads one field is told when
/// that field changes and not when another does.
///
/// Apply the `@ObservableState` macro rather than conforming by hand: it routes every stored
/// field through an ``ObservationStateRegistrar`` and provides `_$id`.
public protocol ObservableState: Observation.Observable, CustomDumpReflectable {
  /// The identity of the state: the same while fields change, new when the state is replaced.
  var _$id: ObservableStateID { get }
  /// How the state is made, for writing its values as source; `@ObservableState` writes it
  /// for a struct, and it is `nil` otherwise.
  static var _$shape: _StateShape? { get }
}

extension ObservableState {
  public static var _$shape: _StateShape? { nil }

  /// The fields of the state as they are declared: the macro's bookkeeping (fields named `_$…`)
  /// is left out, and the backing storage of a tracked field (`_email`) shows as the field
  /// itself (`email`). Enums dump as they are.
  public var customDumpMirror: Mirror {
    let mirror = Mirror(reflecting: self)
    guard mirror.displayStyle == .struct else { return mirror }
    return Mirror(
      self,
      children: mirror.children.compactMap { child -> Mirror.Child? in
        guard let label = child.label else { return child }
        if label.hasPrefix("_$") { return nil }
        guard label.hasPrefix("_") else { return child }
        return (label: String(label.dropFirst()), value: child.value)
      },
      displayStyle: .struct
    )
  }
}
